/**
 * The page's one script of our own that runs before any framework (issue 30): it reports the page
 * view and the actions that bring work to POST /api/results with `navigator.sendBeacon`. The same
 * bytes on every page of every site (its hash is in the CSP; nothing per visitor), no cookie, no
 * browser storage. One delegated listener each for taps and typing:
 *
 * - the view, once the page is really shown (a prerendered page waits until it is): the path, the
 *   referrer's host and the landing URL's query (a CDN strips utm_* before the origin sees them;
 *   the server reads only utm_source, utm_medium and utm_campaign of it);
 * - a tap on a `tel:` link (header, contact page, call widget…) → phone, `mailto:` → email, the chat
 *   widget's launcher or a WhatsApp link → chat, a maps or Waze link → map, a link marked
 *   `data-social` (the social icons) → social;
 * - the first input in an estimate form (its hidden `place` field: home, contact or modal) → a form
 *   started, once per form and page view.
 *
 * Kept readable here and squeezed below; `results-script.server.test.ts` holds it to 1 KiB.
 */
const SOURCE = `(()=>{
let n=navigator,d=document,s=new Set,
b=(a,x)=>n.sendBeacon("/api/results",JSON.stringify({a,p:location.pathname,...x})),
v=()=>b("view",{r:d.referrer&&new URL(d.referrer).host,q:location.search.slice(0,500)});
d.prerendering?d.addEventListener("prerenderingchange",v,{once:!0}):v();
d.addEventListener("click",e=>{
let t=e.target.closest?.("a[href],[data-widget=chat]");if(!t)return;
let h=t.getAttribute("href")||"",
a=/^tel:/i.test(h)?"phone":/^mailto:/i.test(h)?"email":t.dataset.widget||/wa\\.me\\/|whatsapp\\.com/.test(h)?"chat":/\\/\\/(maps\\.|[^/]*waze\\.com|(www\\.)?google\\.[a-z.]+\\/maps|goo\\.gl\\/maps)/.test(h)?"map":t.dataset.social?"social":0;
a&&b(a)},!0);
d.addEventListener("input",e=>{
let p=e.target.form?.elements.place?.value;
p&&!s.has(p)&&(s.add(p),b("form",{f:p}))},!0)
})()`

/** The script as served: its line breaks are only for reading. */
export const RESULTS_SCRIPT = SOURCE.replace(/\n/g, '')

/** Adds the script at the end of the body, marked so that its hash goes into the page's CSP (inline-scripts.server.ts). */
export function addResultsScript(html: string, mark: string): string {
  const at = html.lastIndexOf('</body>')
  if (at === -1) return html
  return `${html.slice(0, at)}<script nonce="${mark}">${RESULTS_SCRIPT}</script>${html.slice(at)}`
}
