// Dynamic video ads properties of an advertiser (business.md 3): stored as one
// JSON column, validated here. Defaults: CTA 'Shop Now', title length 30,
// round price 0. Turning dynamic video off removes all of them (business.md 4).
import { z } from "../validation/z";

export const DYNAMIC_VIDEO_MESSAGES = {
  templateIdRequired: "Template id is required",
  ctaRequired: "Call to action is required",
  titleLengthInvalid: "Title length must be a whole number from 1 to 100",
  roundPriceInvalid: "Round price must be a whole number from 0 to 4",
  urlInvalid: "Enter a valid URL starting with http:// or https://",
} as const;

export const DYNAMIC_VIDEO_DEFAULTS = {
  templateId: "",
  logo: "",
  salePricePrefix: "",
  originalPricePrefix: "",
  cta: "Shop Now",
  titleLength: 30,
  discountSuffix: "",
  font: "",
  roundPrice: 0,
  musicFile: "",
  videoFile: "",
} as const;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default("");

const fileUrl = () =>
  text(2048).refine((v) => v === "" || /^https?:\/\/[^\s/]+\.[^\s]+$/.test(v) || v.startsWith("/"), DYNAMIC_VIDEO_MESSAGES.urlInvalid);

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .union([z.number(), z.string()])
    .transform((v, ctx) => {
      const s = String(v).trim();
      const n = Number(s);
      if (!/^\d+$/.test(s) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

export const DynamicVideoSchema = z.object({
  templateId: z.string({ error: DYNAMIC_VIDEO_MESSAGES.templateIdRequired }).trim().min(1, DYNAMIC_VIDEO_MESSAGES.templateIdRequired).max(64),
  logo: fileUrl(),
  salePricePrefix: text(16),
  originalPricePrefix: text(16),
  cta: z.string({ error: DYNAMIC_VIDEO_MESSAGES.ctaRequired }).trim().min(1, DYNAMIC_VIDEO_MESSAGES.ctaRequired).max(40),
  titleLength: wholeNumber(1, 100, DYNAMIC_VIDEO_MESSAGES.titleLengthInvalid),
  discountSuffix: text(16),
  font: text(64),
  roundPrice: wholeNumber(0, 4, DYNAMIC_VIDEO_MESSAGES.roundPriceInvalid),
  musicFile: fileUrl(),
  videoFile: fileUrl(),
});

export type DynamicVideoInput = z.input<typeof DynamicVideoSchema>;
export type DynamicVideo = z.output<typeof DynamicVideoSchema>;

/** A stored value (JSON of any shape, possibly older) as the form's values, defaults filled in. */
export function dynamicVideoFormValues(stored: unknown) {
  const parsed = DynamicVideoSchema.partial().safeParse(stored ?? {});
  const values = parsed.success ? parsed.data : {};
  return { ...DYNAMIC_VIDEO_DEFAULTS, ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) };
}
