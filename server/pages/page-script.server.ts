import { ESTIMATE_MODAL_ID, ESTIMATE_MODAL_SEEN_KEY } from '#app/sections/estimate-visit.ts'
import { BOOT_DATA_ID } from './inline-scripts.server.ts'

/**
 * The page script, and all it runs before the visitor acts but open the estimate modal (that is
 * `MODAL_SCRIPT`, below; issue 29, decision 050): the same bytes on every page of every site (its
 * hash is in the CSP; nothing per visitor).
 *
 * - The view, once the page is really shown (a prerendered page waits until it is): the results
 *   beacon (issue 30, decision 090: the path, the referrer's host and the landing URL's query; the
 *   server reads only utm_source, utm_medium and utm_campaign of it) and, on a page showing the visit
 *   counter (`data-count-visits`), POST /api/visits, whose answer the widget reads later from
 *   `window.__visits` (app/widgets/use-visit-counts.ts): read at once, so the request ends.
 *   Sent once: a second after the page's `load` event, or sooner at the first activity or when the page
 *   is hidden (`visibilitychange`: switched away from, or left). Sent while the page loaded, the two
 *   requests took a phone's bandwidth and connections from the first screen's pictures (issue 46). A
 *   prerendered page is counted only once shown: at the first activity or when it is hidden again.
 * - At the first pointerdown, touchstart, key, scroll, wheel or focus in a field: `<html data-active>`,
 *   and React Router starts from the data `startFrameworkOnActivity` left in the page (the context
 *   and its stream, the manifest, the dev server's HMR runtime if any, the route modules, then the
 *   entry), as its `<Scripts/>` would have.
 *   The modules reach the page through modulepreload links this script creates: 'strict-dynamic'
 *   admits them, and the imports then find them in the module map.
 * - A tap on a control marked `data-replay` (a button that needs its code: a lightbox thumbnail, a
 *   widget; the promo video's link, which would otherwise leave for YouTube) while the page or a
 *   block still waits for its code is held (`window.__tap`: no default action, stopped before React sees it) and
 *   replayed by app/ui/deferred.tsx once the page and all its blocks have hydrated (the replayed
 *   click is not counted twice: `__tap` still names it while it runs).
 * - Results taps: `tel:` → phone, `mailto:` → email, the chat widget's button or a WhatsApp link →
 *   chat, a maps or Waze link → map, a link marked `data-social` → social; the first input in an
 *   estimate form (its hidden `place` field: home, contact or modal) → a form started, once per form.
 *
 * Kept readable here and squeezed below; `page-script.server.test.ts` holds it to 2 KiB.
 */
const SOURCE = `(()=>{
let d=document,w=window,o=d.documentElement,s={},V,
A=(t,f,c)=>addEventListener(t,f,c),
b=(a,x)=>navigator.sendBeacon("/api/results",JSON.stringify({a,p:location.pathname,...x})),
v=()=>V||d.prerendering||(V=1,b("view",{r:d.referrer&&new URL(d.referrer).host,q:location.search.slice(0,500)}),
d.querySelector("[data-count-visits]")&&(w.__visits=fetch("/api/visits",{method:"POST",headers:{"Content-Type":"application/json"},body:"{}"}).then(r=>r.json()))),
I=u=>import(u),
E="pointerdown touchstart keydown focusin scroll wheel".split(" "),
g=e=>{if(e.type=="focusin"&&!e.target.matches?.("input,select,textarea"))return;
v();E.map(t=>removeEventListener(t,g,!0));o.dataset.active="";
let j=d.getElementById("${BOOT_DATA_ID}");if(!j)return;j=JSON.parse(j.text);
w.__reactRouterContext=j.c;
j.c.stream=new ReadableStream({start(c){j.s.map(c.enqueue,c);c.close()}}).pipeThrough(new TextEncoderStream);
w.__reactRouterManifest=j.m;
j.p.map(href=>d.head.append(Object.assign(d.createElement("link"),{rel:"modulepreload",href})));
Promise.all(j.b.map(I)).then(()=>Promise.all(j.r.map(r=>I(r[1])))).then(m=>{w.__reactRouterRouteModules=Object.fromEntries(j.r.map((r,i)=>[r[0],m[i]]));I(j.e)})};
A("load",()=>setTimeout(v,1e3));
A("visibilitychange",()=>d.hidden&&v());
E.map(t=>A(t,g,!0));
A("click",e=>{
let t=e.target.closest?.("a[href],button");if(!t)return;
let f=t.getAttribute("href")+"",
a=/^tel:/i.test(f)?"phone":/^mailto:/i.test(f)?"email":t.dataset.widget=="chat"||/wa\\.me\\/|whatsapp\\.com/.test(f)?"chat":/\\/\\/(maps\\.|[^/]*waze\\.com|(www\\.)?google\\.[a-z.]+\\/maps|goo\\.gl\\/maps)/.test(f)?"map":t.dataset.social?"social":0;
a&&t!=w.__tap&&b(a);
t.matches("[data-replay]")&&o.matches(":not([data-hydrated]),[data-deferred-blocks]")&&(w.__tap=t,e.preventDefault(),e.stopImmediatePropagation())},!0);
A("input",e=>{
let p=e.target.form?.elements.place?.value;
p&&!s[p]&&(s[p]=1,b("form",{f:p}))},!0)
})()`

/** The script as served: its line breaks are only for reading. */
export const PAGE_SCRIPT = SOURCE.replace(/\n/g, '')

/**
 * Opens the estimate modal on the first page of a visit (a flag in sessionStorage; storage refused:
 * not at all). It runs right after the <dialog>, which the layout puts first in the body, and opens it
 * in the page's first frame (requestAnimationFrame): the modal's style and layout are that frame's
 * own, done once with the first paint, and the rest of the page is styled as inert from the start.
 * Opened at once, showModal() made the parser stop for a style and layout of its own (~20 ms on a fast
 * CPU, ~80–100 ms at 4×), which Lighthouse counted as blocking time when the browser had laid out an
 * empty body first (decision 231). Opened at the end of the body, as it was before, it made the
 * browser style and lay out the whole page again, one task of ~45 ms on /gallery on a fast CPU.
 * A page left in the background, or prerendered, opens it when it is first shown.
 */
export const MODAL_SCRIPT = `try{let S=sessionStorage,k="${ESTIMATE_MODAL_SEEN_KEY}";S[k]||(S[k]=1,requestAnimationFrame(()=>document.getElementById("${ESTIMATE_MODAL_ID}").showModal()))}catch{}`

/**
 * Adds the page's scripts, marked so that their hashes go into the page's CSP (inline-scripts.server.ts).
 * The page script goes right after the framework's data when the page has some, where React expects
 * the second of the two scripts `<Scripts/>` renders when it hydrates (a comment there would be a
 * mismatch, and React would render the whole page again); at the end of the body otherwise. The
 * modal's script goes right after the estimate modal, on pages that have one (React skips an element
 * it did not render among the body's children when it hydrates).
 */
export function addPageScripts(html: string, mark: string): string {
  const script = (text: string) => `<script nonce="${mark}">${text}</script>`
  const data = html.indexOf(`<script type="application/json" id="${BOOT_DATA_ID}">`)
  const at = data === -1 ? html.lastIndexOf('</body>') : html.indexOf('</script>', data) + '</script>'.length
  if (at === -1) return html
  const withPageScript = `${html.slice(0, at)}${script(PAGE_SCRIPT)}${html.slice(at)}`
  const modal = withPageScript.indexOf(`<dialog id="${ESTIMATE_MODAL_ID}"`)
  const modalEnd = modal === -1 ? -1 : withPageScript.indexOf('</dialog>', modal)
  if (modalEnd === -1) return withPageScript
  const after = modalEnd + '</dialog>'.length
  return `${withPageScript.slice(0, after)}${script(MODAL_SCRIPT)}${withPageScript.slice(after)}`
}
