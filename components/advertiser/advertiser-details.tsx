// DETAILS tab of an advertiser: every stored field, grouped as in the form.
import type { AdvertiserDetails } from "@/lib/advertisers/queries";
import { CREATIVE_LANGUAGES } from "@/lib/advertisers/options";
import { dynamicVideoFormValues } from "@/lib/advertisers/dynamic-video";
import { formatDate } from "@/lib/format";

type Row = [label: string, value: string | null | undefined];

function Section({ title, rows, testId }: { title: string; rows: Row[]; testId?: string }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid={testId}>
      <h2 className="text-sm font-semibold tracking-wide text-slate-800 uppercase">{title}</h2>
      <dl className="mt-4 grid grid-cols-1 gap-x-8 gap-y-3 text-sm md:grid-cols-[12rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-500">{label}</dt>
            <dd className="break-words text-slate-900" data-field={label}>
              {value || <span className="text-slate-400">-</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function AdvertiserDetailsView({ advertiser: a, timezoneName }: { advertiser: AdvertiserDetails; timezoneName: string }) {
  const video = a.dynamicVideoEnabled ? dynamicVideoFormValues(a.dynamicVideo) : null;
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2" data-testid="advertiser-details">
      <Section
        title="Basic Details"
        rows={[
          ["Name", a.name],
          ["Domain", a.domain],
          ["Category", a.subCategory ? `${a.category} / ${a.subCategory}` : a.category],
          ["Region", a.region],
          ["Timezone", timezoneName],
          ["Currency", a.currencyCode],
          ["Default creative language", CREATIVE_LANGUAGES[a.language] ?? a.language],
          ["Type", a.isDirect ? "Direct" : "Agency"],
          ["MMP", a.mmp],
          ["Created", formatDate(a.createdAt)],
        ]}
      />
      <Section
        title="Contact"
        rows={[
          ["Contact email", a.contactEmail],
          ["Contact address", a.contactAddress],
        ]}
      />
      <Section
        title="Apps and Websites"
        rows={[
          ["Android package name", a.androidPhoneBundle],
          ["Declared Android URL", a.declaredAndroidUrl],
          ["Default Android deeplink", a.androidDeeplink],
          ["iOS app id", a.iosPhoneBundle],
          ["Declared iOS URL", a.declaredIosUrl],
          ["Default iOS deeplink", a.iosDeeplink],
          ["Declared web URL", a.declaredWebUrl],
        ]}
      />
      <Section
        title="Cohort"
        rows={[
          ["Cohort", a.cohortEnabled ? "Enabled" : "Disabled"],
          ["Exchange rate", a.exchangeRate],
          ["Cohort currency", a.cohortCurrencyCode],
        ]}
      />
      <Section
        title="Dynamic Video Ads"
        testId="advertiser-dynamic-video"
        rows={
          video
            ? [
                ["Template id", video.templateId],
                ["Logo", video.logo],
                ["Call to action", video.cta],
                ["Title length", String(video.titleLength)],
                ["Sale price prefix", video.salePricePrefix],
                ["Original price prefix", video.originalPricePrefix],
                ["Discount suffix", video.discountSuffix],
                ["Font", video.font],
                ["Round price", String(video.roundPrice)],
                ["Music file", video.musicFile],
                ["Video file", video.videoFile],
              ]
            : [["Dynamic video ads", "Off"]]
        }
      />
    </div>
  );
}
