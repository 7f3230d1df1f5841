"use client";
// The map of the targeting step's "Where", with the geofence beside it: a
// view selector (the world at zoom 2, then business.md 9's presets), the
// legend, and the map, which shades the countries the lists above target
// and block and draws the geofence. A click on the map adds a geofence
// location while the geofence is on; countries are chosen in the lists only
// (a click is the geofence's). The map and its shapes are a chunk of their
// own (next/dynamic): a page loads them when this step is drawn, and no
// other page's first load carries them.
import dynamic from "next/dynamic";
import { useState } from "react";
import { GEO_MAP_FILLS, GEO_MAP_SIZE, GEO_MAP_VIEWS, WORLD_VIEW, geoMapView } from "@/lib/strategies/geo-map";
import { SelectField } from "@/components/ui/field";
import { GeofenceField, useGeofence } from "./geofence-field";
import { useWizardEnv } from "./wizard-env";
import { fieldId, useWizardValue } from "./wizard-fields";

const WorldMap = dynamic(() => import("./world-map"), {
  ssr: false,
  loading: () => <div className="w-full rounded-md border border-slate-200 bg-sky-50" style={{ aspectRatio: `${GEO_MAP_SIZE.width} / ${GEO_MAP_SIZE.height}` }} aria-hidden="true" />,
});

const NO_CODES: readonly string[] = [];

function Legend() {
  const swatches = [
    { label: "Targeted", colour: GEO_MAP_FILLS.targeted },
    { label: "Blocked", colour: GEO_MAP_FILLS.blocked },
    { label: "Geofence", colour: GEO_MAP_FILLS.fence },
  ];
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Map legend" data-testid="geo-map-legend">
      {swatches.map((s) => (
        <li key={s.label} className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm border border-slate-300" style={{ backgroundColor: s.colour }} />
          {s.label}
        </li>
      ))}
    </ul>
  );
}

export function TargetingMap() {
  const { geoNames, readOnly } = useWizardEnv();
  const [geo] = useWizardValue("targetGeographies");
  const { fence, add } = useGeofence();
  const [viewKey, setViewKey] = useState(WORLD_VIEW.key);
  const canPlace = fence.isEnabled && !readOnly;
  const id = fieldId("geoMap");
  return (
    <div className="min-w-0 space-y-2" data-testid="geo-map">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SelectField id={`${id}-view`} label="Map view" value={viewKey} onChange={(e) => setViewKey(e.target.value)} className="w-48">
          {GEO_MAP_VIEWS.map((v) => (
            <option key={v.key} value={v.key}>
              {v.name}
            </option>
          ))}
        </SelectField>
        <Legend />
      </div>
      <WorldMap
        view={geoMapView(viewKey)}
        targeted={geo?.country.targetList ?? NO_CODES}
        blocked={geo?.country.blockedList ?? NO_CODES}
        points={fence.isEnabled ? fence.targetList : []}
        radius={fence.radius}
        radiusUnit={fence.radiusUnit}
        names={geoNames}
        onPlace={canPlace ? add : undefined}
      />
      <p className="text-xs text-slate-600" data-testid="geo-map-hint">
        {canPlace
          ? "Click the map to add a geofence location there, or type its latitude and longitude beside it."
          : readOnly
            ? "Countries are shaded as the lists above target and block them."
            : "Countries are shaded as the lists above target and block them. Turn on the geofence to place locations by clicking the map."}
      </p>
    </div>
  );
}

/** The map with the geofence beside it on a wide screen, under it on a narrower one. */
export function MapAndGeofence() {
  return (
    <div className="col-span-full grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <TargetingMap />
      <GeofenceField />
    </div>
  );
}
