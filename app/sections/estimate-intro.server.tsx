import { formStringsFor } from '#app/forms/form-strings.ts'
import type { FormLabels } from '#app/forms/form-labels.ts'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'
import { LOGO_HEIGHT } from '#app/ui/picture-places.ts'

type Props = { logo: string; name: string; labels: FormLabels }

/** The estimate modal's opening lines (logo and invitation): a static block of the layout, above the form island. */
export function EstimateIntro({ logo, name, labels }: Props) {
  const t = useStrings()
  return (
    <div className="mb-6 flex flex-col items-center gap-3 rounded-xl bg-slate-50 px-4 py-5 text-center sm:flex-row sm:text-left">
      {logo ? (
        <ResponsiveImage
          src={logo}
          alt={name || t.a11y.companyLogo}
          width={200}
          height={60}
          displayHeight={LOGO_HEIGHT.header}
          className="h-12 w-auto shrink-0"
        />
      ) : null}
      <p className="text-sm sm:border-l sm:border-slate-200 sm:pl-4">{formStringsFor(labels).invitation}</p>
    </div>
  )
}
