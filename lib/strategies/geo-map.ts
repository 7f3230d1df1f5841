// The map of the targeting step's "Where" (business.md 9: geo map presets
// with zoom for India, Latin America, North America, Europe, Russia, China,
// Japan, Korea, ANZ, SEA, MEA; default zoom 2). Zoom is a web map's: at zoom
// z the whole world is 256 x 2^z px wide in Web Mercator, so zoom 2 shows the
// world across the map's 1024 px. The spec names the presets and not where
// they look: each centre and zoom below frames its region in the map's box.
// Pure data and arithmetic, without d3: the wizard's light part reads it,
// the map itself (components/strategy/wizard/world-map.tsx) loads on demand.
import { GEOFENCE, RADIUS_UNITS } from "./options";

export const GEO_MAP_DEFAULT_ZOOM = 2;
/** The map's drawing box (its svg viewBox): at the default zoom the world's width. */
export const GEO_MAP_SIZE = { width: 1024, height: 600 } as const;

export interface GeoMapView {
  key: string;
  name: string;
  /** Longitude and latitude in the middle of the map. */
  centre: readonly [number, number];
  zoom: number;
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export const WORLD_VIEW: GeoMapView = { key: "world", name: "World", centre: [0, 20], zoom: GEO_MAP_DEFAULT_ZOOM };

export const GEO_MAP_PRESETS: readonly GeoMapView[] = [
  { key: "india", name: "India", centre: [80, 22], zoom: 4 },
  { key: "latin-america", name: "Latin America", centre: [-75, -15], zoom: 3 },
  { key: "north-america", name: "North America", centre: [-100, 45], zoom: 3 },
  { key: "europe", name: "Europe", centre: [12, 54], zoom: 4 },
  { key: "russia", name: "Russia", centre: [100, 62], zoom: 3 },
  { key: "china", name: "China", centre: [104, 35], zoom: 4 },
  { key: "japan", name: "Japan", centre: [138, 37], zoom: 5 },
  { key: "korea", name: "Korea", centre: [127.5, 37.5], zoom: 6 },
  { key: "anz", name: "ANZ", centre: [150, -32], zoom: 4 },
  { key: "sea", name: "SEA", centre: [115, 5], zoom: 4 },
  { key: "mea", name: "MEA", centre: [30, 10], zoom: 3 },
];

/** The world, then the presets: what the map's view selector offers. */
export const GEO_MAP_VIEWS: readonly GeoMapView[] = [WORLD_VIEW, ...GEO_MAP_PRESETS];

export const geoMapView = (key: string): GeoMapView => GEO_MAP_VIEWS.find((v) => v.key === key) ?? WORLD_VIEW;

/** d3's Mercator scale (px per radian) at a web map zoom: the world is 2π x scale wide. */
export const mercatorScale = (zoom: number) => (256 * 2 ** zoom) / (2 * Math.PI);

/** The mean radius of the Earth (IUGG), to turn a geofence radius into an angle. */
const EARTH_RADIUS_KM = 6371.0088;

type RadiusUnit = (typeof RADIUS_UNITS)[number];

/** A geofence radius in km (a mile is 1.60934 km, business.md 9). */
export const radiusInKm = (radius: number, unit: RadiusUnit | string) => (unit === "miles" ? radius * Number(GEOFENCE.mileInKm) : radius);

/** A geofence radius as the angle from the Earth's centre that d3's geoCircle takes, in degrees. */
export const radiusInDegrees = (radius: number, unit: RadiusUnit | string) => (radiusInKm(radius, unit) / EARTH_RADIUS_KM) * (180 / Math.PI);

/** Colours of the map and its legend: one source, so the legend says what the map shows. */
export const GEO_MAP_FILLS = { targeted: "#2563eb", blocked: "#dc2626", other: "#e2e8f0", fence: "#f59e0b" } as const;
