// GET SMART TAG tab of /advertiser/details/{id} (business.md 2 and 7: smart tag).
import { headers } from "next/headers";
import { advertiserForPage } from "@/lib/advertisers/page";
import { smartTagEventExample, smartTagSnippet } from "@/components/smart-tag/snippet";
import { publicOrigin } from "@/lib/net/public-origin";
import { SmartTagView } from "@/components/smart-tag/smart-tag-view";

export const dynamic = "force-dynamic";

export default async function SmartTagPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { advertiser } = await advertiserForPage(id);
  const origin = publicOrigin(await headers()) ?? "";
  return (
    <SmartTagView
      snippet={smartTagSnippet(origin, { id: advertiser.id, name: advertiser.name })}
      eventExample={smartTagEventExample(advertiser.currencyCode)}
    />
  );
}
