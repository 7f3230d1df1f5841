// Where uploaded images live in the file storage and how their URLs are read
// back. Key: images/<licenseeId>/<advertiserId>/<kind>/<uuid>/<file name>, so
// the file route can tell the owning licensee from the key alone and a saved
// URL can be checked against the advertiser and kind it is saved for.
import { fileUrl, keyFromFileUrl, newObjectKey } from "../storage";
import { IMAGE_KINDS, type ImageKind } from "./schema";

export const IMAGE_NAMESPACE = "images";

export function newImageKey(licenseeId: number, advertiserId: number, kind: ImageKind, fileName: string): string {
  return newObjectKey([IMAGE_NAMESPACE, licenseeId, advertiserId, kind], fileName, "image");
}

export interface ImageFileRef {
  key: string;
  url: string;
  licenseeId: number;
  advertiserId: number;
  kind: ImageKind;
  /** The last segment: the image's name in the library. */
  name: string;
}

/** An uploaded image's URL taken apart; null for any URL the upload route did not make. */
export function parseImageUrl(url: string): ImageFileRef | null {
  const key = keyFromFileUrl(url);
  if (!key) return null;
  const [namespace, licensee, advertiser, kind, uuid, name, ...rest] = key.split("/");
  if (namespace !== IMAGE_NAMESPACE || rest.length > 0 || !uuid || !name) return null;
  if (!/^\d+$/.test(licensee) || !/^\d+$/.test(advertiser) || !(IMAGE_KINDS as readonly string[]).includes(kind)) return null;
  return { key, url: fileUrl(key), licenseeId: Number(licensee), advertiserId: Number(advertiser), kind: kind as ImageKind, name };
}
