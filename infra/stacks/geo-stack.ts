import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as location from 'aws-cdk-lib/aws-location';
import * as cr from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import type { AppConfig } from '../constructs/app-config';
import { acknowledge, managedPolicyFinding } from '../constructs/nag';

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
  /** The MapLibre style URL the web app loads (config.json `mapStyle`), with a browser key for the map only. */
  readonly mapStyleUrl: string;

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

    // Browsers load the basemap with an API key that can do nothing but read this map's style and
    // tiles, from the site's origins. CloudFormation does not return a key's value: a custom
    // resource reads it once (DescribeKey on this key only) for config.json.
    const origins = props.config.siteOrigins.filter((o) => o !== '*');
    const key = new location.CfnAPIKey(this, 'MapKey', {
      keyName: `${prefix}-web-map`,
      description: 'Read-only access to the web basemap (style, tiles, glyphs, sprites)',
      noExpiry: true,
      restrictions: {
        allowActions: ['geo:GetMap*'],
        allowResources: [map.attrArn],
        ...(origins.length ? { allowReferers: origins.map((o) => `${o.replace(/\/$/, '')}/*`) } : {}),
      },
    });
    const call: cr.AwsSdkCall = {
      service: 'Location', action: 'DescribeKey', parameters: { KeyName: key.keyName },
      physicalResourceId: cr.PhysicalResourceId.of(key.keyName),
    };
    const keyValue = new cr.AwsCustomResource(this, 'MapKeyValue', {
      onCreate: call,
      onUpdate: call,
      policy: cr.AwsCustomResourcePolicy.fromStatements([new iam.PolicyStatement({ actions: ['geo:DescribeKey'], resources: [key.attrKeyArn] })]),
      installLatestAwsSdk: false,
    });
    keyValue.node.addDependency(key);
    this.mapStyleUrl = `https://maps.geo.${this.region}.${this.urlSuffix}/maps/v0/maps/${map.ref}/style-descriptor?key=${keyValue.getResponseField('Key')}`;
    acknowledge(
      this,
      { id: managedPolicyFinding('service-role/AWSLambdaBasicExecutionRole'), reason: 'CDK\'s AwsCustomResource provider (reads the map key once at deploy) logs with the AWS-managed basic execution policy.' },
      { id: 'AwsSolutions-L1', reason: 'The runtime of CDK\'s AwsCustomResource provider is chosen by CDK, and it runs only at deploy time.' },
    );

    new CfnOutput(this, 'PlaceIndexName', { value: this.placeIndexName });
    new CfnOutput(this, 'RouteCalculatorName', { value: this.routeCalculatorName });
    new CfnOutput(this, 'MapName', { value: this.mapName });
  }
}
