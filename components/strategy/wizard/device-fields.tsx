"use client";
// Device and CTV targeting (business.md 3, 9): placements (desktop 1, mobile
// web 2, mobile apps 3; a CTV/OTT strategy runs on CTV 5 with nothing to
// choose), mobile operating systems, device types (smartphone 3, tablet 4),
// brands and models, which share one stored object (targetMobileDevices);
// and the CTV rows (ad break PRE/MID/POST, ad pod Dynamic/Manual, content
// genre and language, CTV operating systems), which share ctvTargeting. Each
// row shows only where the visibility rules show it.
import { AD_BREAKS, AD_POD_TYPES, CTV_OPERATING_SYSTEMS, CTV_PLACEMENT_ID, DEVICE_TYPES, MOBILE_OPERATING_SYSTEMS, PLACEMENTS } from "@/lib/strategies/options";
import { SelectField } from "@/components/ui/field";
import { DEVICE_CHOICE_MESSAGE } from "@/lib/dictionaries/schema";
import { CheckGroup, CheckListField } from "./list-fields";
import { DictionarySelect } from "./dictionary-select";
import { useWizardEnv } from "./wizard-env";
import { fieldId, useFieldError, useWizardValue, type WizardValues } from "./wizard-fields";

type Devices = NonNullable<WizardValues["targetMobileDevices"]>;
type Ctv = NonNullable<WizardValues["ctvTargeting"]>;
type Placement = NonNullable<WizardValues["placements"]>[number];

const PLACEMENT_CHOICES = PLACEMENTS.filter((p) => p.id !== CTV_PLACEMENT_ID).map((p) => ({ value: p.id, label: p.name }));

export function PlacementsField() {
  return (
    <CheckListField
      name="placements"
      legend="Placements"
      options={PLACEMENT_CHOICES}
      read={(value) => (Array.isArray(value) ? (value as Placement[]).map((p) => p.id) : [])}
      write={(ids) => PLACEMENTS.filter((p) => ids.includes(p.id)).map((p) => ({ id: p.id, name: p.name }))}
    />
  );
}

const noDevices = (d: Devices) => d.targetOperatingSystems.length + d.targetDeviceTypes.length + (d.brands?.length ?? 0) + (d.models?.length ?? 0) === 0;

export function MobileDevicesField() {
  const { visibility } = useWizardEnv();
  const [value, setValue] = useWizardValue("targetMobileDevices");
  const error = useFieldError("targetMobileDevices");
  const devices: Devices = value ?? { targetOperatingSystems: [], targetDeviceTypes: [] };
  const set = (patch: Partial<Devices>) => {
    const next = { ...devices, ...patch };
    if (next.brands?.length === 0) delete next.brands;
    if (next.models?.length === 0) delete next.models;
    setValue(noDevices(next) ? undefined : next);
  };
  const id = fieldId("targetMobileDevices");
  // A brand or model not in the dictionary is reported beside the pickers, the other messages beside the operating systems.
  const choiceError = error?.startsWith(DEVICE_CHOICE_MESSAGE) ? error : undefined;
  return (
    <>
      {visibility.mobileOs ? (
        <CheckGroup
          id={id}
          legend="Mobile operating systems"
          options={MOBILE_OPERATING_SYSTEMS.map((os) => ({ value: os, label: os }))}
          checked={devices.targetOperatingSystems}
          onChange={(next) => set({ targetOperatingSystems: next })}
          hint="None checked: all (iOS included)"
          error={choiceError ? undefined : error}
        />
      ) : null}
      {visibility.deviceType ? (
        <CheckGroup
          id={`${id}-types`}
          legend="Device types"
          options={DEVICE_TYPES.map((t) => ({ value: t.id, label: t.name }))}
          checked={devices.targetDeviceTypes}
          onChange={(next) => set({ targetDeviceTypes: next })}
          hint="None checked: all"
        />
      ) : null}
      {visibility.deviceBrandsModels ? (
        <>
          <DictionarySelect kind="device_brand" id={`${id}-brands`} label="Device brands" values={devices.brands ?? []} onChange={(next) => set({ brands: next })} hint="Type part of a brand and choose it; none: all" emptyText="No brand matches" error={choiceError} />
          <DictionarySelect
            kind="device_model"
            id={`${id}-models`}
            label="Device models"
            filters={(devices.brands ?? []).map((brand) => ({ column: "brand", value: brand }))}
            values={devices.models ?? []}
            onChange={(next) => set({ models: next })}
            hint="Type part of a model and choose it (of the brands chosen, if any); none: all"
            emptyText="No model matches"
          />
        </>
      ) : null}
    </>
  );
}

const EMPTY_CTV: Ctv = { adBreak: [], adPod: "Dynamic", contentGenre: [], contentLanguage: [] };
const noCtv = (c: Ctv) => c.adBreak.length + c.contentGenre.length + c.contentLanguage.length + (c.osTargeting?.length ?? 0) === 0 && c.adPod === "Dynamic";

export function CtvField() {
  const { visibility } = useWizardEnv();
  const [value, setValue] = useWizardValue("ctvTargeting");
  const error = useFieldError("ctvTargeting");
  const ctv = value ?? EMPTY_CTV;
  const set = (patch: Partial<Ctv>) => {
    const next = { ...ctv, ...patch };
    if (next.osTargeting?.length === 0) delete next.osTargeting;
    setValue(noCtv(next) ? undefined : next);
  };
  const id = fieldId("ctvTargeting");
  return (
    <>
      {visibility.adBreak ? (
        <CheckGroup id={id} legend="Ad break" options={AD_BREAKS.map((b) => ({ value: b, label: b }))} checked={ctv.adBreak} onChange={(next) => set({ adBreak: next })} hint="None checked: all" error={error} />
      ) : null}
      {visibility.adPod ? (
        <SelectField id={`${id}-adPod`} label="Ad pod" value={ctv.adPod} onChange={(e) => set({ adPod: e.target.value === "Manual" ? "Manual" : "Dynamic" })}>
          {AD_POD_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
      ) : null}
      {visibility.contentGenre ? (
        <DictionarySelect kind="content_genre" id={`${id}-genre`} label="Content genre" values={ctv.contentGenre} onChange={(next) => set({ contentGenre: next })} hint="Type part of a genre and choose it; none: all" emptyText="No genre matches" />
      ) : null}
      {visibility.contentLanguage ? (
        <DictionarySelect kind="content_language" id={`${id}-language`} label="Content language" values={ctv.contentLanguage} onChange={(next) => set({ contentLanguage: next })} hint="Type part of a language's name and choose it; none: all" emptyText="No language matches" />
      ) : null}
      {visibility.ctvOs ? (
        <CheckGroup id={`${id}-os`} legend="CTV operating systems" options={CTV_OPERATING_SYSTEMS.map((os) => ({ value: os, label: os }))} checked={ctv.osTargeting ?? []} onChange={(next) => set({ osTargeting: next })} hint="None checked: all" />
      ) : null}
    </>
  );
}
