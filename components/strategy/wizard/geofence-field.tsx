"use client";
// Geofence targeting (business.md 9: default radius 1 km, a mile is 1.60934
// km): the locations as a list of latitude and longitude, one radius in km
// or miles for all of them. It sits beside the targeting map
// (./targeting-map.tsx), which draws each location with its radius and adds
// one where the map is clicked; typing a location here does the same from
// the keyboard, and each one listed is removed with its own button.
import { useEffect, useRef, useState } from "react";
import { radiusInKm, type GeoPoint } from "@/lib/strategies/geo-map";
import { GEOFENCE, RADIUS_UNITS } from "@/lib/strategies/options";
import { Button } from "@/components/ui/button";
import { Checkbox, FieldMessage, InputField, SelectField } from "@/components/ui/field";
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
  return Math.round(radiusInKm(radius, unit) * GEOFENCE.metresPerKm);
}

/**
 * The geofence as the form holds it (off and empty: absent), with its
 * setter: the map and the list change it through the same form value.
 */
export function useGeofence() {
  const [value, setValue] = useWizardValue("geoFenceDTO");
  const fence: Fence = value ?? { isEnabled: false, targetList: [], radius: GEOFENCE.defaultRadius, radiusUnit: GEOFENCE.defaultUnit };
  const set = (next: Fence) => setValue(!next.isEnabled && next.targetList.length === 0 ? undefined : next);
  const add = (point: GeoPoint) => set({ ...fence, targetList: [...fence.targetList, point] });
  return { fence, set, add };
}

function AddLocation({ onAdd }: { onAdd(point: GeoPoint): void }) {
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

/**
 * The locations, each with its Remove button. A removed location's button
 * hands the focus to the next one (else the previous, else the latitude to
 * type a new one), so the keyboard stays in the list; the count is announced.
 */
function FenceLocations({ points, onRemove }: { points: readonly GeoPoint[]; onRemove(index: number): void }) {
  const listRef = useRef<HTMLUListElement>(null);
  // The place of the location just removed, until the list without it is drawn.
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    if (focusAt.current === null) return;
    const buttons = listRef.current?.querySelectorAll("button");
    const target = buttons?.[Math.min(focusAt.current, buttons.length - 1)] ?? document.getElementById(`${fieldId("geoFenceDTO-new")}-lat`);
    target?.focus();
    focusAt.current = null;
  }, [points]);
  return (
    <div className="col-span-full space-y-1">
      <p className="text-xs text-slate-600" aria-live="polite" data-testid="geofence-count">
        {points.length === 0 ? "No locations yet: click the map or type one below." : `${points.length} location${points.length === 1 ? "" : "s"}`}
      </p>
      {points.length > 0 ? (
        <ul ref={listRef} className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200" aria-label="Geofence locations" data-testid="geofence-points">
          {points.map((p, i) => (
            <li key={`${p.latitude},${p.longitude},${i}`} className="flex items-center justify-between gap-3 px-3 py-1.5 text-sm">
              <span>
                {p.latitude}, {p.longitude}
              </span>
              <Button
                size="xs"
                variant="danger-link"
                aria-label={`Remove location ${p.latitude}, ${p.longitude}`}
                onClick={() => {
                  focusAt.current = i;
                  onRemove(i);
                }}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function GeofenceField() {
  const { fence, set, add } = useGeofence();
  const error = useFieldError("geoFenceDTO");
  const [radiusText, setRadiusText] = useState(String(fence.radius));
  const radius = radiusOf(radiusText);
  const id = fieldId("geoFenceDTO");
  useLocalCheck("geoFenceDTO", fence.isEnabled && radius === null ? `Radius must be above 0 and at most ${MAX_RADIUS}` : null);

  return (
    <fieldset className="grid min-w-0 grid-cols-1 content-start gap-3 min-[769px]:grid-cols-2" data-testid={`${id}-group`}>
      <legend className="text-sm font-medium text-slate-700">Geofence</legend>
      <label className="col-span-full inline-flex items-center gap-2 text-sm text-slate-700">
        <Checkbox id={id} checked={fence.isEnabled} onChange={(e) => set({ ...fence, isEnabled: e.target.checked })} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
        Target users near these locations
      </label>
      <FieldMessage id={id} error={error} />
      {fence.isEnabled ? (
        <>
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
          <FenceLocations points={fence.targetList} onRemove={(index) => set({ ...fence, targetList: fence.targetList.filter((_, k) => k !== index) })} />
          <AddLocation onAdd={add} />
        </>
      ) : null}
    </fieldset>
  );
}
