// The countries the targeting map draws: Natural Earth's 1:110m shapes as
// the world-atlas package ships them (TopoJSON, about 100 KB), imported on
// demand so they travel in their own chunk, only to a page that shows the
// map, and never from a tile server (the console runs offline). The shapes
// name countries by their ISO 3166-1 numeric code, targeting by alpha-2
// ("DE"): iso-3166 maps one to the other.
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import type { Feature, Geometry } from "geojson";
import { iso31661NumericToAlpha2 } from "iso-3166/1-n-to-1-a2";

export interface CountryShape {
  /** The ISO 3166-1 alpha-2 code targeting stores; null for a shape no targeted country covers. */
  code: string | null;
  /** Natural Earth's short name ("Dem. Rep. Congo"). */
  name: string;
  feature: Feature<Geometry, { name: string }>;
}

// Natural Earth draws three areas without an ISO number; targeting knows
// Kosovo by the code the country-state-city dataset gives it, and the other
// two are inside the country that ISO counts them in.
const CODE_BY_NAME: Record<string, string> = { Kosovo: "XK", "N. Cyprus": "CY", Somaliland: "SO" };

type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

/** Each shape with its alpha-2 code. */
export function countryShapes(topology: CountriesTopology): CountryShape[] {
  const collection = feature(topology, topology.objects.countries);
  return collection.features.map((f) => {
    const name = f.properties.name;
    const numeric = f.id === undefined ? undefined : String(f.id);
    const code = (numeric && iso31661NumericToAlpha2[numeric]) || CODE_BY_NAME[name] || null;
    return { code, name, feature: f };
  });
}

let loading: Promise<CountryShape[]> | null = null;

/** The shapes, read once per page. */
export function loadCountryShapes(): Promise<CountryShape[]> {
  if (!loading) {
    loading = import("world-atlas/countries-110m.json").then((m) => countryShapes((m.default ?? m) as unknown as CountriesTopology));
    // A failed load (a chunk lost in a redeploy) is tried again on the next mount.
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}
