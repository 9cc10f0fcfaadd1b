import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as location from 'aws-cdk-lib/aws-location';
import type { Construct } from 'constructs';
import type { AppConfig } from '../constructs/app-config';

export interface GeoStackProps extends StackProps {
  config: AppConfig;
}

/** Amazon Location resources behind the GeoService port (L1 only: there are no stable L2s). */
export class GeoStack extends Stack {
  readonly placeIndexName: string;
  readonly placeIndexArn: string;
  readonly routeCalculatorName: string;
  readonly routeCalculatorArn: string;
  readonly mapName: string;
  readonly mapArn: string;

  constructor(scope: Construct, id: string, props: GeoStackProps) {
    super(scope, id, props);
    const { prefix } = props.config;

    const places = new location.CfnPlaceIndex(this, 'PlaceIndex', {
      indexName: `${prefix}-places`,
      dataSource: 'Esri',
      // Booking addresses and their coordinates are stored with bookings; Esri's terms allow
      // keeping geocoding results only under the Storage intended use.
      dataSourceConfiguration: { intendedUse: 'Storage' },
      description: 'Autocomplete, place-id to coordinates and reverse geocoding',
    });
    const routes = new location.CfnRouteCalculator(this, 'RouteCalculator', {
      calculatorName: `${prefix}-routes`,
      dataSource: 'Esri',
      description: 'Routes with geometry and drive times for estimates',
    });
    const map = new location.CfnMap(this, 'Map', {
      mapName: `${prefix}-map`,
      configuration: { style: 'VectorEsriStreets' },
      description: 'Basemap style for the web maps',
    });

    // Ref yields the name; using it (not the literal) makes consumers depend on the resource.
    this.placeIndexName = places.ref;
    this.placeIndexArn = places.attrArn;
    this.routeCalculatorName = routes.ref;
    this.routeCalculatorArn = routes.attrArn;
    this.mapName = map.ref;
    this.mapArn = map.attrArn;

    new CfnOutput(this, 'PlaceIndexName', { value: this.placeIndexName });
    new CfnOutput(this, 'RouteCalculatorName', { value: this.routeCalculatorName });
    new CfnOutput(this, 'MapName', { value: this.mapName });
  }
}
