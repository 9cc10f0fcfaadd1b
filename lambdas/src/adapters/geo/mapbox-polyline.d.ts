// The package ships no typings and @types/mapbox__polyline is not installed: the two calls used here.
declare module '@mapbox/polyline' {
  const polyline: {
    /** [lat, lng] pairs → Google encoded polyline. */
    encode(coordinates: ReadonlyArray<readonly [number, number]>, precision?: number): string;
    decode(encoded: string, precision?: number): [number, number][];
  };
  export default polyline;
}
