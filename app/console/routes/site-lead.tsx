export default function Page() {
  return <p>todo</p>
}
