import lighthouse from 'lighthouse'

/** Why Lighthouse has no figures for a load (it sometimes loses the trace: NO_NAVSTART), or undefined. */
const failureOf = (lhr) => lhr.runtimeError?.message ?? lhr.audits['largest-contentful-paint']?.errorMessage

/**
 * `runs` Lighthouse loads of `url` in the Chromium at `port`, each tried once more when its trace
 * was lost (then it says why, instead of a bare NaN). Returns every run, sorted by performance
 * score, and the median one: on a shared machine single runs are noisy, so benches quote medians.
 */
export async function lighthouseRuns(url, { port, runs, config, onlyCategories, label = url }) {
  const measure = async () => (await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories }, config)).lhr
  const all = []
  for (let i = 0; i < runs; i++) {
    let lhr = await measure()
    if (failureOf(lhr)) lhr = await measure()
    if (failureOf(lhr)) console.log(`${label}: Lighthouse could not measure it: ${failureOf(lhr)}`)
    all.push(lhr)
  }
  all.sort((a, b) => a.categories.performance.score - b.categories.performance.score)
  return { all, median: all[Math.floor(all.length / 2)] }
}
