"use client";
// The targeting map itself, loaded only where the targeting step is drawn
// (./targeting-map.tsx imports it with next/dynamic): Natural Earth's
// countries (./country-shapes.ts) in Web Mercator at the view's centre and
// zoom (lib/strategies/geo-map.ts), targeted countries in one colour and
// blocked ones in another, each geofence location with its radius drawn as
// a circle on the globe, and a click that places a location where it falls.
// One svg with role="img" whose text alternative names what is shaded: the
// lists beside it do everything the map does, from the keyboard.
import { geoCircle, geoMercator, geoPath, type GeoProjection } from "d3-geo";
import { useEffect, useMemo, useState, type MouseEvent } from "react";
import { GEO_MAP_FILLS, GEO_MAP_SIZE, mercatorScale, radiusInDegrees, type GeoMapView, type GeoPoint } from "@/lib/strategies/geo-map";
import { loadCountryShapes, type CountryShape } from "./country-shapes";

export interface WorldMapProps {
  view: GeoMapView;
  /** Alpha-2 codes of the countries targeted and blocked. */
  targeted: readonly string[];
  blocked: readonly string[];
  /** Geofence locations, each drawn `radius` `radiusUnit` around. */
  points: readonly GeoPoint[];
  radius: number;
  radiusUnit: string;
  /** Country names by code (the pickers'), for the text alternative; else the shape's own. */
  names: Record<string, string>;
  /** Takes the location a click falls on; absent: clicks place nothing. */
  onPlace?(point: GeoPoint): void;
}

/** The view's projection: the map's middle on the view's centre, the view's web map zoom. */
export function mapProjection(view: GeoMapView): GeoProjection {
  // Turning the globe to the centre's longitude (not panning to it) keeps a
  // view across the antimeridian whole: Russia's east, New Zealand's.
  return geoMercator()
    .scale(mercatorScale(view.zoom))
    .rotate([-view.centre[0], 0])
    .center([0, view.centre[1]])
    .translate([GEO_MAP_SIZE.width / 2, GEO_MAP_SIZE.height / 2]);
}

/** Degrees to 5 decimals (about a metre): what a click can mean. */
const roundDegrees = (n: number) => Math.round(n * 1e5) / 1e5;

/** The location under a point of the map's box, or null off the globe. */
export function locationAt(projection: GeoProjection, at: [number, number]): GeoPoint | null {
  const lngLat = projection.invert?.(at);
  if (!lngLat || !Number.isFinite(lngLat[0]) || !Number.isFinite(lngLat[1])) return null;
  const longitude = ((((lngLat[0] + 180) % 360) + 360) % 360) - 180;
  return { latitude: roundDegrees(lngLat[1]), longitude: roundDegrees(longitude) };
}

/** Where a click falls in the map's box: the svg keeps the box's proportions, so one scale fits both axes. */
function boxPosition(svg: SVGSVGElement, event: MouseEvent): [number, number] | null {
  const rect = svg.getBoundingClientRect();
  if (rect.width === 0 || rect.height === 0) return null;
  return [((event.clientX - rect.left) * GEO_MAP_SIZE.width) / rect.width, ((event.clientY - rect.top) * GEO_MAP_SIZE.height) / rect.height];
}

type Shading = "targeted" | "blocked" | "other";

/** Blocked over targeted: a country on both lists gets no delivery. */
const shadingOf = (code: string | null, targeted: ReadonlySet<string>, blocked: ReadonlySet<string>): Shading =>
  code && blocked.has(code) ? "blocked" : code && targeted.has(code) ? "targeted" : "other";

/** The map's text alternative: the view, the shaded countries by name, the geofence. */
export function mapDescription({ view, targeted, blocked, points, radius, radiusUnit, nameOf }: Omit<WorldMapProps, "names" | "onPlace"> & { nameOf(code: string): string }): string {
  const listed = (codes: readonly string[]) => (codes.length ? codes.map(nameOf).join(", ") : "none");
  const fence = points.length ? ` Geofence: ${points.length} location${points.length === 1 ? "" : "s"}, ${radius} ${radiusUnit} around each.` : "";
  return `Map of ${view.name}. Targeted countries: ${listed(targeted)}. Blocked countries: ${listed(blocked)}.${fence}`;
}

function useCountryShapes(): { shapes: CountryShape[] | null; failed: boolean } {
  const [shapes, setShapes] = useState<CountryShape[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadCountryShapes().then(
      (loaded) => live && setShapes(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return { shapes, failed };
}

export default function WorldMap(props: WorldMapProps) {
  const { view, targeted, blocked, points, radius, radiusUnit, names, onPlace } = props;
  const { shapes, failed } = useCountryShapes();
  const projection = useMemo(() => mapProjection(view), [view]);
  const path = useMemo(() => geoPath(projection), [projection]);
  const countries = useMemo(() => (shapes ?? []).map((s) => ({ ...s, d: path(s.feature) ?? "" })), [shapes, path]);
  const targetedSet = new Set(targeted);
  const blockedSet = new Set(blocked);
  const shapeNames = new Map((shapes ?? []).flatMap((s) => (s.code ? [[s.code, s.name] as const] : [])));
  const label = mapDescription({ view, targeted, blocked, points, radius, radiusUnit, nameOf: (code) => names[code] ?? shapeNames.get(code) ?? code });
  const circle = geoCircle().radius(radiusInDegrees(radius, radiusUnit));

  const place = (event: MouseEvent<SVGSVGElement>) => {
    if (!onPlace) return;
    const at = boxPosition(event.currentTarget, event);
    const location = at && locationAt(projection, at);
    if (location) onPlace(location);
  };

  return (
    <div className="space-y-1">
      {/* The frame is the div's: a border on the svg would shift the box a click is measured in. */}
      <div className="overflow-hidden rounded-md border border-slate-200 bg-sky-50">
        <svg
          viewBox={`0 0 ${GEO_MAP_SIZE.width} ${GEO_MAP_SIZE.height}`}
          role="img"
          aria-label={label}
          data-testid="geo-map-svg"
          data-view={view.key}
          data-scale={projection.scale()}
          data-centre={view.centre.join(",")}
          className={`block h-auto w-full ${onPlace ? "cursor-crosshair" : ""}`}
          onClick={place}
        >
          {countries.map((c, i) => {
            const shading = shadingOf(c.code, targetedSet, blockedSet);
            return (
              <path key={`${c.code ?? c.name}-${i}`} d={c.d} fill={GEO_MAP_FILLS[shading]} stroke="#ffffff" strokeWidth={0.5} data-code={c.code ?? undefined} data-shading={shading}>
                <title>{c.name}</title>
              </path>
            );
          })}
          {points.map((p, i) => {
            const dot = projection([p.longitude, p.latitude]);
            return (
              <g key={`${p.latitude},${p.longitude},${i}`} data-testid="geo-map-fence">
                <path d={path(circle.center([p.longitude, p.latitude])()) ?? ""} fill={GEO_MAP_FILLS.fence} fillOpacity={0.35} stroke={GEO_MAP_FILLS.fence} data-testid="geo-map-fence-circle" />
                {/* At a country's scale a kilometre is below a pixel: the dot shows where the circle is. */}
                {dot ? <circle cx={dot[0]} cy={dot[1]} r={4} fill={GEO_MAP_FILLS.fence} stroke="#78350f" strokeWidth={1} /> : null}
              </g>
            );
          })}
        </svg>
      </div>
      {failed ? (
        <p role="status" className="text-xs text-red-600" data-testid="geo-map-failed">
          The map&apos;s shapes could not be loaded: the lists still set every targeting choice.
        </p>
      ) : shapes === null ? (
        <p role="status" className="text-xs text-slate-500">
          Loading the map…
        </p>
      ) : null}
    </div>
  );
}
