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
import { useFieldArray, type FieldArrayWithId, type Path, type UseFormReturn } from "react-hook-form";
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
import { createDataColumns, DataTable, type DataColumn } from "@/components/ui/data-table";
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
  /** The set's own click destination: each new creative starts with it (every creative needs one, business.md 5). */
  creativeSetClickDestinationId: number | null;
  catalogVariables: string[];
  disabled?: boolean;
}

type Values = SaveCreativesInput;
type Row = FieldArrayWithId<Values, "creatives">;

const column = createDataColumns<Row>();
/** Form cells line up at the top: a field's message below it makes its row taller. */
const TOP = { cellClassName: "align-top" };

const field = (i: number, key: string) => `creatives.${i}.${key}` as Path<Values>;

interface ColumnContext {
  form: UseFormReturn<Values>;
  errorOf(name: Path<Values>): string | undefined;
  remove(index: number): void;
  type: CreativeType;
  clickDestinations: { id: number; name: string }[];
  catalogVariables: string[];
}

/** The new creatives' columns: name, size, click destination, DCO, then the type's own fields, and Remove. */
function creativeColumns(c: ColumnContext): DataColumn<Row>[] {
  const err = (i: number, key: string) => c.errorOf(field(i, key));
  const text = (i: number, key: string, label: string) => {
    const id = `creative-${i}-${key.replaceAll(".", "-")}`;
    const error = err(i, key);
    return (
      <>
        <input id={id} aria-label={label} aria-invalid={error ? true : undefined} className={inputClass(!!error, { compact: true })} {...c.form.register(field(i, key))} />
        <FieldMessage id={id} error={error} />
      </>
    );
  };
  const textColumn = (key: string, header: string) => column.display({ id: key, header, meta: TOP, cell: ({ row }) => text(row.index, key, header) });
  return [
    textColumn("name", "Name"),
    column.display({
      id: "size",
      header: "Size",
      meta: { cellClassName: "align-top tabular-nums" },
      cell: ({ row: { index: i } }) => (
        <>
          {c.form.getValues(field(i, "width")) as number}x{c.form.getValues(field(i, "height")) as number}
          <FieldMessage id={`creative-${i}-storageKey`} error={err(i, "storageKey") ?? err(i, "adTag")} />
        </>
      ),
    }),
    column.display({
      id: "clickDestination",
      header: "Click destination",
      meta: TOP,
      cell: ({ row: { index: i } }) => (
        <>
          <select
            aria-label="Click destination"
            aria-required
            aria-invalid={err(i, "clickDestinationId") ? true : undefined}
            className={inputClass(!!err(i, "clickDestinationId"), { compact: true })}
            {...c.form.register(field(i, "clickDestinationId"), { setValueAs: (v) => (v === "" || v === null ? null : Number(v)) })}
          >
            <option value="">Select</option>
            {c.clickDestinations.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <FieldMessage id={`creative-${i}-clickDestinationId`} error={err(i, "clickDestinationId")} />
        </>
      ),
    }),
    column.display({ id: "dco", header: "DCO", meta: TOP, cell: ({ row }) => <input type="checkbox" aria-label="DCO" {...c.form.register(field(row.index, "isDco"))} /> }),
    ...(needsIdentifiers(c.type) ? [textColumn("kktuCode", "KKTU code"), textColumn("person", "Person"), textColumn("erId", "ER id")] : []),
    ...(c.type === "DYNAMIC_MACRO"
      ? [
          column.display({
            id: "defaultImage",
            header: "Default image / additional images",
            meta: TOP,
            cell: ({ row: { index: i } }) => (
              <>
                <select aria-label="Default image" className={inputClass(!!err(i, "properties.defaultImageMacro"), { compact: true })} {...c.form.register(field(i, "properties.defaultImageMacro"))}>
                  <option value="">Choose a catalog variable</option>
                  {c.catalogVariables.map((v) => (
                    <option key={v} value={v}>
                      {`{${v}}`}
                    </option>
                  ))}
                </select>
                <FieldMessage id={`creative-${i}-default-image`} error={err(i, "properties.defaultImageMacro")} />
                {c.catalogVariables.length === 0 && <p className="text-xs text-slate-600">This advertiser has no catalog feed variables.</p>}
              </>
            ),
          }),
        ]
      : []),
    ...(c.type === "DYNAMIC_VIDEO"
      ? [
          column.display({
            id: "dimensions",
            header: "Dimensions",
            meta: TOP,
            cell: ({ row: { index: i } }) => (
              <>
                {DYNAMIC_VIDEO_DIMENSIONS.map((d) => (
                  <label key={d} className="mr-2 text-xs">
                    <input type="checkbox" value={d} {...c.form.register(field(i, "properties.dimensions"))} /> {d}
                  </label>
                ))}
                <FieldMessage id={`creative-${i}-dimensions`} error={err(i, "properties.dimensions")} />
              </>
            ),
          }),
        ]
      : []),
    ...(NATIVE_TYPES.includes(c.type) ? [textColumn("properties.title", "Title")] : []),
    column.display({
      id: "remove",
      header: "",
      meta: TOP,
      cell: ({ row }) => (
        <Button size="xs" variant="danger-link" onClick={() => c.remove(row.index)} aria-label={`Remove ${row.index + 1}`}>
          Remove
        </Button>
      ),
    }),
  ];
}

export function AddCreativesDialog(props: AddCreativesDialogProps) {
  const { creativeSetId, creativeSetType: type, advertiserId } = props;
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const f = useActionForm<Values, unknown>({
    schema: SaveCreativesSchema,
    defaultValues: { creativeSetId, type, creatives: [] },
    action: (values) => saveCreativesAction(values),
    idempotent: true,
    onSuccess: () => {
      close();
      router.refresh();
    },
  });
  const rows = useFieldArray({ control: f.form.control, name: "creatives" });
  const tagType = isAdTagType(type);

  function close() {
    setOpen(false);
    f.form.reset({ creativeSetId, type, creatives: [] });
    f.setFormError(null);
  }

  const nameOf = (width: number, height: number, fileName?: string) =>
    defaultCreativeName(props.nameFormat, { creativeSetName: props.creativeSetName, width, height, index: rows.fields.length, fileName });
  // The set's click destination while it is still the advertiser's (archived ones are not offered), else the first offered.
  const setDestination = props.clickDestinations.find((d) => d.id === props.creativeSetClickDestinationId);
  const base = { clickDestinationId: (setDestination ?? props.clickDestinations[0])?.id ?? null, isDco: false, kktuCode: "", person: "", erId: "", properties: {} };

  function addFiles(files: UploadedCreativeFile[]) {
    rows.append(files.map((file) => ({ ...base, name: nameOf(file.width, file.height, file.name), width: file.width, height: file.height, storageKey: file.storageKey })));
  }
  function addTags(tags: AdTagRow[]) {
    rows.append(tags.map((t) => ({ ...base, name: t.name || nameOf(t.width, t.height), width: t.width, height: t.height, adTag: t.tag })));
  }

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
              <DataTable
                columns={creativeColumns({
                  form: f.form,
                  errorOf: f.errorOf,
                  remove: rows.remove,
                  type,
                  clickDestinations: props.clickDestinations,
                  catalogVariables: props.catalogVariables,
                })}
                rows={rows.fields}
                rowId={(row) => row.id}
                emptyText={null}
                testId="new-creatives-table"
                density="compact"
                className="overflow-hidden rounded-md border border-slate-200"
                rowAttributes={() => ({ "data-testid": "new-creative-row" })}
              />
            )}
          </form>
        </div>
      </Modal>
    </>
  );
}
