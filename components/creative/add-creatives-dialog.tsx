"use client";
// 'Add Creatives' of a creative set (write roles): the source by the set's
// type (uploaded files through CreativeUpload, with a progress bar and the
// server's reason per file; or third-party tags through AdTagInput), then a table of the new
// creatives (name from the advertiser's name format, size, click
// destination, DCO marker, and the type's own fields: identifiers, catalog
// macros, dimensions, native texts) saved at once by saveCreativesAction,
// which checks everything again on the server. Field messages show beside
// their cells; nothing is saved while any row is refused.
import { useState } from "react";
import { useFieldArray, type Path } from "react-hook-form";
import { useRouter } from "next/navigation";
import type { CreativeType } from "@/lib/generated/prisma/enums";
import type { UploadedCreativeFile } from "@/lib/creatives/media/types";
import { saveCreativesAction } from "@/lib/creatives/actions";
import type { AdTagRow } from "@/lib/creatives/ad-tags/schema";
import {
  DYNAMIC_VIDEO_DIMENSIONS,
  adTagKindOf,
  NATIVE_TYPES,
  SaveCreativesSchema,
  defaultCreativeName,
  isAdTagType,
  needsIdentifiers,
  type SaveCreativesInput,
} from "@/lib/creatives/schema";
import { useActionForm } from "@/components/forms/use-action-form";
import { Modal } from "@/components/ui/modal";
import { Button } from "@/components/ui/button";
import { FieldMessage, FormError, inputClass } from "@/components/ui/field";
import { CreativeUpload } from "./upload/creative-upload";
import { AdTagInput } from "./ad-tags/ad-tag-input";

export interface AddCreativesDialogProps {
  creativeSetId: number;
  creativeSetName: string;
  creativeSetType: CreativeType;
  advertiserId: number;
  nameFormat: string;
  clickDestinations: { id: number; name: string }[];
  catalogVariables: string[];
  disabled?: boolean;
}

type Values = SaveCreativesInput;

export function AddCreativesDialog(props: AddCreativesDialogProps) {
  const { creativeSetId, creativeSetType: type, advertiserId } = props;
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const f = useActionForm<Values, unknown>({
    schema: SaveCreativesSchema,
    defaultValues: { creativeSetId, type, creatives: [] },
    action: (values) => saveCreativesAction(values),
    onSuccess: () => {
      close();
      router.refresh();
    },
  });
  const rows = useFieldArray({ control: f.form.control, name: "creatives" });
  const tagType = isAdTagType(type);
  const withIds = needsIdentifiers(type);

  function close() {
    setOpen(false);
    f.form.reset({ creativeSetId, type, creatives: [] });
    f.setFormError(null);
  }

  const nameOf = (width: number, height: number, fileName?: string) =>
    defaultCreativeName(props.nameFormat, { creativeSetName: props.creativeSetName, width, height, index: rows.fields.length, fileName });
  const base = { clickDestinationId: props.clickDestinations[0]?.id ?? null, isDco: false, kktuCode: "", person: "", erId: "", properties: {} };

  function addFiles(files: UploadedCreativeFile[]) {
    rows.append(files.map((file) => ({ ...base, name: nameOf(file.width, file.height, file.name), width: file.width, height: file.height, storageKey: file.storageKey })));
  }
  function addTags(tags: AdTagRow[]) {
    rows.append(tags.map((t) => ({ ...base, name: t.name || nameOf(t.width, t.height), width: t.width, height: t.height, adTag: t.tag })));
  }

  const field = (i: number, key: string) => `creatives.${i}.${key}` as Path<Values>;
  const err = (i: number, key: string) => f.errorOf(field(i, key));
  const cell = (i: number, key: string, label: string, extra: Record<string, unknown> = {}) => {
    const id = `creative-${i}-${key.replaceAll(".", "-")}`;
    const error = err(i, key);
    return (
      <td className="px-2 py-1 align-top">
        <input id={id} aria-label={label} aria-invalid={error ? true : undefined} className={inputClass(!!error, { compact: true })} {...f.form.register(field(i, key))} {...extra} />
        <FieldMessage id={id} error={error} />
      </td>
    );
  };

  return (
    <>
      <Button variant="primary" disabled={props.disabled} onClick={() => setOpen(true)} data-testid="add-creatives">
        Add Creatives
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title="Add Creatives"
        description={tagType ? "Paste third-party ad tags, then complete the creatives." : "Upload files, then complete the creatives."}
        dismissible="explicit"
        width="min(96vw, 1100px)"
        testId="add-creatives-dialog"
        footer={
          <>
            <Button onClick={close}>Cancel</Button>
            <Button variant="primary" type="submit" form={f.formId} disabled={f.submitting || rows.fields.length === 0} data-testid="save-creatives">
              {f.submitting ? "Saving..." : "Save"}
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          {tagType ? (
            <AdTagInput kind={adTagKindOf(type)} onParsed={addTags} />
          ) : (
            <CreativeUpload advertiserId={advertiserId} creativeSetType={type} multiple disabled={f.submitting} onUploaded={addFiles} />
          )}
          <form id={f.formId} onSubmit={f.onSubmit} noValidate>
            <FormError message={f.formError} />
            {rows.fields.length === 0 ? (
              <p className="text-sm text-slate-600">No creatives yet.</p>
            ) : (
              <table className="w-full text-sm" data-testid="new-creatives-table">
                <thead>
                  <tr className="text-left text-xs text-slate-600">
                    <th className="px-2">Name</th>
                    <th className="px-2">Size</th>
                    <th className="px-2">Click destination</th>
                    <th className="px-2">DCO</th>
                    {withIds && (
                      <>
                        <th className="px-2">KKTU code</th>
                        <th className="px-2">Person</th>
                        <th className="px-2">ER id</th>
                      </>
                    )}
                    {type === "DYNAMIC_MACRO" && <th className="px-2">Default image / additional images</th>}
                    {type === "DYNAMIC_VIDEO" && <th className="px-2">Dimensions</th>}
                    {NATIVE_TYPES.includes(type) && <th className="px-2">Title</th>}
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {rows.fields.map((row, i) => (
                    <tr key={row.id} data-testid="new-creative-row">
                      {cell(i, "name", "Name")}
                      <td className="px-2 py-1 align-top tabular-nums">
                        {f.form.getValues(field(i, "width")) as number}x{f.form.getValues(field(i, "height")) as number}
                        <FieldMessage id={`creative-${i}-storageKey`} error={err(i, "storageKey") ?? err(i, "adTag")} />
                      </td>
                      <td className="px-2 py-1 align-top">
                        <select aria-label="Click destination" className={inputClass(!!err(i, "clickDestinationId"), { compact: true })} {...f.form.register(field(i, "clickDestinationId"), { setValueAs: (v) => (v === "" || v === null ? null : Number(v)) })}>
                          <option value="">None</option>
                          {props.clickDestinations.map((c) => (
                            <option key={c.id} value={c.id}>
                              {c.name}
                            </option>
                          ))}
                        </select>
                        <FieldMessage id={`creative-${i}-clickDestinationId`} error={err(i, "clickDestinationId")} />
                      </td>
                      <td className="px-2 py-1 align-top">
                        <input type="checkbox" aria-label="DCO" {...f.form.register(field(i, "isDco"))} />
                      </td>
                      {withIds && (
                        <>
                          {cell(i, "kktuCode", "KKTU code")}
                          {cell(i, "person", "Person")}
                          {cell(i, "erId", "ER id")}
                        </>
                      )}
                      {type === "DYNAMIC_MACRO" && (
                        <td className="px-2 py-1 align-top">
                          <select aria-label="Default image" className={inputClass(!!err(i, "properties.defaultImageMacro"), { compact: true })} {...f.form.register(field(i, "properties.defaultImageMacro"))}>
                            <option value="">Choose a catalog variable</option>
                            {props.catalogVariables.map((v) => (
                              <option key={v} value={v}>
                                {`{${v}}`}
                              </option>
                            ))}
                          </select>
                          <FieldMessage id={`creative-${i}-default-image`} error={err(i, "properties.defaultImageMacro")} />
                          {props.catalogVariables.length === 0 && <p className="text-xs text-slate-600">This advertiser has no catalog feed variables.</p>}
                        </td>
                      )}
                      {type === "DYNAMIC_VIDEO" && (
                        <td className="px-2 py-1 align-top">
                          {DYNAMIC_VIDEO_DIMENSIONS.map((d) => (
                            <label key={d} className="mr-2 text-xs">
                              <input type="checkbox" value={d} {...f.form.register(field(i, "properties.dimensions"))} /> {d}
                            </label>
                          ))}
                          <FieldMessage id={`creative-${i}-dimensions`} error={err(i, "properties.dimensions")} />
                        </td>
                      )}
                      {NATIVE_TYPES.includes(type) && cell(i, "properties.title", "Title")}
                      <td className="px-2 py-1 align-top">
                        <Button size="xs" variant="danger-link" onClick={() => rows.remove(i)} aria-label={`Remove ${i + 1}`}>
                          Remove
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </form>
        </div>
      </Modal>
    </>
  );
}
