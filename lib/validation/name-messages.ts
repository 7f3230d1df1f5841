// The messages of a name field with a length range (pixels, campaigns, ...):
// one wording across every form.

export function nameMessages(limits: { min: number; max: number }) {
  return {
    nameRequired: "Name is required",
    nameTooShort: `Name must be at least ${limits.min} characters`,
    nameTooLong: `Name must be at most ${limits.max} characters`,
  } as const;
}
