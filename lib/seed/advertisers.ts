// The demo's advertisers with what hangs directly off them: settings, the
// default logo, conversion trackers and click destinations. Random draws come
// in the same order as ever, so the rest of the demo is unchanged.
import type { Tx } from "../db";
import type { AdvertiserBlueprint } from "./blueprints";
import { PIXEL_TYPES } from "./blueprints";
import type { Rng } from "../random";
import { DEFAULT_ADVERTISER_LOGO, defaultLogoSetting } from "../advertisers/options";
import { DMP_ACCESS_SETTING } from "../audiences/dmp/messages";

const DEFAULT_LOGO = DEFAULT_ADVERTISER_LOGO;

function storeUrls(a: AdvertiserBlueprint) {
  return {
    android: `https://play.google.com/store/apps/details?id=${a.androidBundle}`,
    ios: `https://apps.apple.com/app/id${a.iosAppId}`,
  };
}

function clickDestinations(a: AdvertiserBlueprint) {
  const tracker =
    a.mmp === "AppsFlyer"
      ? { url: `https://app.appsflyer.com/${a.androidBundle}?pid=dsp_int&c={campaign_name}`, params: [{ key: "pid", value: "dsp_int" }, { key: "c", value: "{campaign_name}" }] }
      : a.mmp === "Adjust"
        ? { url: `https://app.adjust.com/${a.short.toLowerCase()}7x2?campaign={campaign_name}`, params: [{ key: "tracker", value: `${a.short.toLowerCase()}7x2` }, { key: "campaign", value: "{campaign_name}" }] }
        : { url: `https://${a.short.toLowerCase()}.app.link/dsp?~channel=dsp_int`, params: [{ key: "~channel", value: "dsp_int" }, { key: "~campaign", value: "{campaign_name}" }] };
  return [
    { name: `${a.short} - ${a.mmp} tracking link`, url: tracker.url, mmpParams: tracker.params },
    // The MMP's required parameter (lib/click-destinations/mmp.ts), so the destination validates when edited.
    { name: `${a.short} - Website landing`, url: `https://${a.domain}/?utm_source=dsp&utm_campaign={campaign_name}`, mmpParams: [tracker.params[0]] },
  ];
}

export async function seedAdvertisers(tx: Tx, rng: Rng, lic: { id: number; currencyCode: string }, blueprints: AdvertiserBlueprint[]) {
  const licenseeId = lic.id;
  const advertisers = await tx.advertiser.createManyAndReturn({
    data: blueprints.map((a) => {
      const urls = storeUrls(a);
      return {
        licenseeId,
        name: a.name,
        domain: a.domain,
        category: a.category,
        subCategory: a.subCategory,
        currencyCode: lic.currencyCode,
        language: "en",
        androidPhoneBundle: a.androidBundle,
        iosPhoneBundle: a.iosAppId,
        declaredWebUrl: `https://${a.domain}`,
        declaredAndroidUrl: urls.android,
        declaredIosUrl: urls.ios,
        androidDeeplink: `${a.deeplinkScheme}://open`,
        iosDeeplink: `${a.deeplinkScheme}://open`,
        contactEmail: `marketing@${a.domain}`,
        contactAddress: `${rng.int(10, 480)} ${rng.pick(["Market Street", "Harbour Road", "Park Avenue", "Lindenstrasse", "King's Road"])}, ${a.region === "Europe" ? rng.pick(["Berlin", "London", "Amsterdam"]) : rng.pick(["San Francisco", "New York", "Austin"])}`,
        region: a.region,
        timezoneId: a.timezoneId,
        mmp: a.mmp,
        logoUrl: DEFAULT_LOGO,
        cohortEnabled: a.cohortEnabled ?? false,
        exchangeRate: a.cohortEnabled && lic.currencyCode !== "USD" ? "1.080000" : "1",
        cohortCurrencyCode: "USD",
        active: a.active ?? true,
      };
    }),
    select: { id: true, name: true, active: true },
  });
  const advId = (i: number) => advertisers[i].id;

  await tx.advertiserSetting.createMany({
    data: advertisers.flatMap((a, i) => [
      { licenseeId, advertiserId: a.id, key: "CREATIVE_NAME_FORMAT", type: "STRING" as const, value: "{creativeSetName}_{size}" },
      { licenseeId, advertiserId: a.id, key: "TRANSACTION_CURRENCY", type: "JSON" as const, value: JSON.stringify({ currency: lic.currencyCode }) },
      {
        licenseeId,
        advertiserId: a.id,
        key: "CLICK_SIGNING",
        type: "JSON" as const,
        value: JSON.stringify({ android: { isEnabled: false, packageName: "" }, ios: { isEnabled: false, appId: "" } }),
      },
      { licenseeId, advertiserId: a.id, key: "EVENT_FILTER_ALLOWED", type: "BOOLEAN" as const, value: "true" },
      // The first advertiser has partner-data access (lib/audiences/dmp): the audience form offers it the DMP source.
      ...(i === 0 ? [{ licenseeId, advertiserId: a.id, key: DMP_ACCESS_SETTING, type: "BOOLEAN" as const, value: "true" }] : []),
    ]),
  });
  await tx.appSetting.createMany({ data: advertisers.map((a) => ({ licenseeId, ...defaultLogoSetting(a.id) })) });

  const pixels = await tx.pixel.createManyAndReturn({
    data: blueprints.flatMap((a, i) =>
      a.pixels.map((name, j) => ({
        licenseeId,
        advertiserId: advId(i),
        name: `${a.short} - ${name}`,
        type: PIXEL_TYPES[(i + j) % PIXEL_TYPES.length],
        // One pixel counts every conversion, the other caps them per user.
        userFcap: j === 0 ? -1 : 3,
        fcapDuration: j === 0 ? -1 : 600,
        // -1: the window a type does not have (a view pixel has no click window and vice versa).
        viewValidityWindow: PIXEL_TYPES[(i + j) % PIXEL_TYPES.length] === "CLICK_CONV" ? -1 : 5184000,
        clickValidityWindow: PIXEL_TYPES[(i + j) % PIXEL_TYPES.length] === "VIEW_CONV" ? -1 : 5184000,
        active: a.active ?? true,
      })),
    ),
    select: { id: true, name: true, advertiserId: true },
  });
  const pixelsOf = (advertiserId: number) => pixels.filter((p) => p.advertiserId === advertiserId);

  const destinations = await tx.clickDestination.createManyAndReturn({
    data: blueprints.flatMap((a, i) =>
      clickDestinations(a).map((d) => ({ licenseeId, advertiserId: advId(i), name: d.name, url: d.url, mmpParams: d.mmpParams })),
    ),
    select: { id: true, advertiserId: true },
  });
  const destinationOf = (advertiserId: number) => destinations.find((d) => d.advertiserId === advertiserId)!.id;

  return { advertisers, advId, pixels, pixelsOf, destinationOf };
}
