// Image library items as the image grid receives them, for the component tests.
import type { ImageItem } from "@/lib/images/schema";

/** A maker of items in one advertiser's LOGO library: 300X300 logos unless `extra` says otherwise. */
export function logoItemsOf(advertiserId: number) {
  return (id: number, name: string, extra: Partial<ImageItem> = {}): ImageItem => ({
    id,
    name,
    url: `/api/files/images/1/${advertiserId}/LOGO/u${id}/${name}`,
    key: "LOGO_LINK",
    width: 300,
    height: 300,
    dimensions: "300X300",
    isDefault: false,
    ...extra,
  });
}
