// The standard click-URL parameters of each mobile measurement partner (MMP),
// the dictionary behind the 'MMP parameters' call of business.md 7. The
// advertiser's MMP (advertiser.mmp) decides which parameters a click
// destination of that advertiser offers and which are required.
// Pure: shared by the form (client) and the server.

export interface MmpParameter {
  key: string;
  label: string;
  required: boolean;
  /** An example value shown as the input's placeholder. */
  example?: string;
}

const p = (key: string, label: string, required = false, example?: string): MmpParameter => ({ key, label, required, example });

export const MMP_PARAMETERS: Readonly<Record<string, readonly MmpParameter[]>> = {
  AppsFlyer: [
    p("pid", "Media source", true, "dsp_int"),
    p("c", "Campaign name", false, "{campaign_name}"),
    p("af_c_id", "Campaign id", false, "{campaign_id}"),
    p("af_adset", "Ad set", false, "{strategy_name}"),
    p("af_ad", "Ad name", false, "{creative_name}"),
    p("af_siteid", "Site id", false, "{site_id}"),
    p("clickid", "Click id", false, "{click_id}"),
    p("advertising_id", "Google advertising id", false, "{gaid}"),
    p("idfa", "IDFA", false, "{idfa}"),
  ],
  Adjust: [
    p("tracker", "Tracker token", true, "abc123"),
    p("campaign", "Campaign", false, "{campaign_name}"),
    p("adgroup", "Ad group", false, "{strategy_name}"),
    p("creative", "Creative", false, "{creative_name}"),
    p("click_id", "Click id", false, "{click_id}"),
    p("gps_adid", "Google advertising id", false, "{gaid}"),
    p("idfa", "IDFA", false, "{idfa}"),
  ],
  Branch: [
    p("~channel", "Channel", true, "dsp_int"),
    p("~campaign", "Campaign", false, "{campaign_name}"),
    p("~feature", "Feature", false, "paid advertising"),
    p("~ad_set_name", "Ad set name", false, "{strategy_name}"),
    p("~ad_name", "Ad name", false, "{creative_name}"),
    p("~click_id", "Click id", false, "{click_id}"),
    p("$aaid", "Google advertising id", false, "{gaid}"),
    p("$idfa", "IDFA", false, "{idfa}"),
  ],
  Kochava: [
    p("network_id", "Network id", true, "1234"),
    p("campaign_id", "Campaign id", false, "{campaign_id}"),
    p("site_id", "Site id", false, "{site_id}"),
    p("creative_id", "Creative id", false, "{creative_id}"),
    p("click_id", "Click id", false, "{click_id}"),
    p("device_id", "Device id", false, "{device_id}"),
  ],
  Singular: [
    p("pcn", "Partner campaign name", true, "{campaign_name}"),
    p("pcid", "Partner campaign id", false, "{campaign_id}"),
    p("psid", "Publisher site id", false, "{site_id}"),
    p("pcrn", "Creative name", false, "{creative_name}"),
    p("cl", "Click id", false, "{click_id}"),
    p("aifa", "Google advertising id", false, "{gaid}"),
    p("idfa", "IDFA", false, "{idfa}"),
  ],
  Tenjin: [
    p("campaign_id", "Campaign id", true, "{campaign_id}"),
    p("site_id", "Site id", false, "{site_id}"),
    p("click_id", "Click id", false, "{click_id}"),
    p("advertising_id", "Advertising id", false, "{gaid}"),
  ],
};

export const MMP_NAMES = Object.keys(MMP_PARAMETERS);

/** The standard parameters of an MMP (case-insensitive name); none for no MMP, "None" or an unknown one. */
export function mmpParameters(mmp: string | null | undefined): readonly MmpParameter[] {
  const name = (mmp ?? "").trim().toLowerCase();
  const key = MMP_NAMES.find((n) => n.toLowerCase() === name);
  return key ? MMP_PARAMETERS[key] : [];
}

/** The dictionary's own spelling of an MMP name, or null when it has no parameters. */
export function knownMmp(mmp: string | null | undefined): string | null {
  const name = (mmp ?? "").trim().toLowerCase();
  return MMP_NAMES.find((n) => n.toLowerCase() === name) ?? null;
}
