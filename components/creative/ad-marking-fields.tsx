"use client";
// The ad-marking identifiers' fields (KKTU code, person, ER id) of a form
// whose creative type needs them: the creative edit form and the HLS
// conversion form, with the creative schema's rules and messages
// (lib/creatives/schema.ts AD_MARKING_FIELDS, identifierIssues).
import type { FieldValues, Path, UseFormRegister } from "react-hook-form";
import { InputField } from "@/components/ui/field";
import { AD_MARKING_KEYS, AD_MARKING_LABELS } from "@/lib/creatives/schema";

export interface AdMarkingFieldsProps<V extends FieldValues> {
  /** Prefix of the inputs' ids ("creative" → creative-kktu, creative-person, creative-erid). */
  idPrefix: string;
  register: UseFormRegister<V>;
  errorOf: (name: Path<V>) => string | undefined;
}

const ID_SUFFIX = { kktuCode: "kktu", person: "person", erId: "erid" } as const;

export function AdMarkingFields<V extends FieldValues>({ idPrefix, register, errorOf }: AdMarkingFieldsProps<V>) {
  return (
    <>
      {AD_MARKING_KEYS.map((key) => (
        <InputField key={key} id={`${idPrefix}-${ID_SUFFIX[key]}`} label={AD_MARKING_LABELS[key]} required error={errorOf(key as Path<V>)} {...register(key as Path<V>)} />
      ))}
    </>
  );
}
