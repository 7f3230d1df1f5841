"use client";
// Geofence targeting (business.md 9: default radius 1 km, a mile is 1.60934
// km): the locations as a list of latitude and longitude, one radius in km
// or miles for all of them. The console runs without an internet connection
// here, so no map tiles can load: the list is the way to draw the fence, and
// a note says so.
import { useState } from "react";
import { GEOFENCE, RADIUS_UNITS } from "@/lib/strategies/options";
import { Button } from "@/components/ui/button";
import { Checkbox, FieldMessage, InputField, SelectField } from "@/components/ui/field";
import { SectionNote } from "./step-section";
import { useLocalCheck } from "./wizard-env";
import { fieldId, useFieldError, useWizardValue, type WizardValues } from "./wizard-fields";

type Fence = NonNullable<WizardValues["geoFenceDTO"]>;
const MAX_RADIUS = 20_000;

/** A coordinate typed as text, or null when it is not one within ±limit. */
export function coordinate(text: string, limit: number): number | null {
  if (!/^-?\d{1,3}(\.\d{1,8})?$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return Math.abs(n) <= limit ? n : null;
}

function radiusOf(text: string): number | null {
  if (!/^\d{1,5}(\.\d{1,3})?$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n > 0 && n <= MAX_RADIUS ? n : null;
}

/** The radius in metres (km x1000; a mile is 1.60934 km), for the hint beside it. */
export function radiusInMetres(radius: number, unit: string): number {
  const km = unit === "miles" ? radius * Number(GEOFENCE.mileInKm) : radius;
  return Math.round(km * GEOFENCE.metresPerKm);
}

function AddLocation({ onAdd }: { onAdd(point: { latitude: number; longitude: number }): void }) {
  const [lat, setLat] = useState("");
  const [lng, setLng] = useState("");
  const [tried, setTried] = useState(false);
  const latitude = coordinate(lat, 90);
  const longitude = coordinate(lng, 180);
  const id = fieldId("geoFenceDTO-new");
  // Typed but not added yet: the step does not move on with it forgotten.
  useLocalCheck("geoFenceDTO", lat || lng ? "Add the location typed, or clear it" : null);
  return (
    <div className="col-span-full grid grid-cols-1 items-start gap-3 min-[769px]:grid-cols-[1fr_1fr_auto]">
      <InputField id={`${id}-lat`} label="Latitude" inputMode="decimal" value={lat} onChange={(e) => setLat(e.target.value)} error={tried && latitude === null ? "Latitude must be between -90 and 90" : undefined} placeholder="52.52" />
      <InputField id={`${id}-lng`} label="Longitude" inputMode="decimal" value={lng} onChange={(e) => setLng(e.target.value)} error={tried && longitude === null ? "Longitude must be between -180 and 180" : undefined} placeholder="13.405" />
      <Button
        className="min-[769px]:mt-6"
        data-testid="geofence-add"
        onClick={() => {
          setTried(true);
          if (latitude === null || longitude === null) return;
          onAdd({ latitude, longitude });
          setLat("");
          setLng("");
          setTried(false);
        }}
      >
        Add location
      </Button>
    </div>
  );
}

export function GeofenceField() {
  const [value, setValue] = useWizardValue("geoFenceDTO");
  const error = useFieldError("geoFenceDTO");
  const fence: Fence = value ?? { isEnabled: false, targetList: [], radius: GEOFENCE.defaultRadius, radiusUnit: GEOFENCE.defaultUnit };
  const [radiusText, setRadiusText] = useState(String(fence.radius));
  const radius = radiusOf(radiusText);
  const set = (next: Fence) => setValue(!next.isEnabled && next.targetList.length === 0 ? undefined : next);
  const id = fieldId("geoFenceDTO");
  useLocalCheck("geoFenceDTO", fence.isEnabled && radius === null ? `Radius must be above 0 and at most ${MAX_RADIUS}` : null);

  return (
    <fieldset className="col-span-full grid grid-cols-1 gap-3 min-[769px]:grid-cols-2" data-testid={`${id}-group`}>
      <legend className="text-sm font-medium text-slate-700">Geofence</legend>
      <label className="col-span-full inline-flex items-center gap-2 text-sm text-slate-700">
        <Checkbox id={id} checked={fence.isEnabled} onChange={(e) => set({ ...fence, isEnabled: e.target.checked })} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
        Target users near these locations
      </label>
      <FieldMessage id={id} error={error} />
      {fence.isEnabled ? (
        <>
          <SectionNote testId="geofence-map-note">
            The map needs an internet connection, which this console does not have here: enter each location as latitude and longitude instead.
          </SectionNote>
          <InputField
            id={`${id}-radius`}
            label="Radius"
            inputMode="decimal"
            value={radiusText}
            onChange={(e) => {
              setRadiusText(e.target.value);
              const r = radiusOf(e.target.value);
              if (r !== null) set({ ...fence, radius: r });
            }}
            error={radius === null ? `Radius must be above 0 and at most ${MAX_RADIUS}` : undefined}
            hint={radius === null ? undefined : `${radiusInMetres(radius, fence.radiusUnit).toLocaleString("en-US")} m around each location`}
          />
          <SelectField id={`${id}-unit`} label="Radius unit" value={fence.radiusUnit} onChange={(e) => set({ ...fence, radiusUnit: e.target.value as Fence["radiusUnit"] })}>
            {RADIUS_UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </SelectField>
          {fence.targetList.length > 0 ? (
            <ul className="col-span-full divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Geofence locations" data-testid="geofence-points">
              {fence.targetList.map((p, i) => (
                <li key={`${p.latitude},${p.longitude},${i}`} className="flex items-center justify-between gap-3 px-3 py-1.5 text-sm">
                  <span>
                    {p.latitude}, {p.longitude}
                  </span>
                  <Button size="xs" variant="danger-link" aria-label={`Remove location ${p.latitude}, ${p.longitude}`} onClick={() => set({ ...fence, targetList: fence.targetList.filter((_, k) => k !== i) })}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <AddLocation onAdd={(point) => set({ ...fence, targetList: [...fence.targetList, point] })} />
        </>
      ) : null}
    </fieldset>
  );
}
