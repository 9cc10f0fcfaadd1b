/**
 * Where the demo's history happens: well-known places of San Francisco (on land, so a booking's
 * route is drawn between streets), each with how much it draws trips, and the people who live it.
 */
export const DEMO_TIME_ZONE = 'America/Los_Angeles';

export interface DemoPlace { name: string; lat: number; lng: number; weight: number }

export const demoPlaces: DemoPlace[] = [
  { name: 'Union Square, San Francisco', lat: 37.7880, lng: -122.4075, weight: 5 },
  { name: 'Ferry Building, San Francisco', lat: 37.7955, lng: -122.3937, weight: 4 },
  { name: 'Salesforce Transit Center, San Francisco', lat: 37.7897, lng: -122.3966, weight: 5 },
  { name: 'Mission Dolores Park, San Francisco', lat: 37.7596, lng: -122.4269, weight: 3 },
  { name: 'Valencia Street, Mission District', lat: 37.7616, lng: -122.4216, weight: 4 },
  { name: 'Castro Theatre, San Francisco', lat: 37.7620, lng: -122.4348, weight: 2 },
  { name: 'Haight-Ashbury, San Francisco', lat: 37.7699, lng: -122.4469, weight: 2 },
  { name: 'Golden Gate Park, San Francisco', lat: 37.7694, lng: -122.4762, weight: 2 },
  { name: 'Inner Sunset, San Francisco', lat: 37.7638, lng: -122.4666, weight: 2 },
  { name: 'Chinatown, San Francisco', lat: 37.7941, lng: -122.4078, weight: 3 },
  { name: 'North Beach, San Francisco', lat: 37.8003, lng: -122.4102, weight: 3 },
  { name: 'Nob Hill, San Francisco', lat: 37.7930, lng: -122.4161, weight: 2 },
  { name: 'Pacific Heights, San Francisco', lat: 37.7925, lng: -122.4382, weight: 2 },
  { name: 'Marina District, San Francisco', lat: 37.8003, lng: -122.4366, weight: 2 },
  { name: 'Oracle Park, San Francisco', lat: 37.7786, lng: -122.3893, weight: 2 },
  { name: 'Mission Bay, San Francisco', lat: 37.7706, lng: -122.3920, weight: 3 },
  { name: 'Potrero Hill, San Francisco', lat: 37.7597, lng: -122.4009, weight: 2 },
  { name: 'Bernal Heights, San Francisco', lat: 37.7410, lng: -122.4156, weight: 2 },
  { name: 'Noe Valley, San Francisco', lat: 37.7502, lng: -122.4337, weight: 2 },
  { name: 'Civic Center, San Francisco', lat: 37.7793, lng: -122.4176, weight: 3 },
  { name: 'Hayes Valley, San Francisco', lat: 37.7765, lng: -122.4242, weight: 3 },
  { name: 'SoMa, San Francisco', lat: 37.7785, lng: -122.4056, weight: 4 },
  { name: 'Glen Park Station, San Francisco', lat: 37.7331, lng: -122.4338, weight: 1 },
  { name: 'Richmond District, San Francisco', lat: 37.7802, lng: -122.4650, weight: 2 },
];

export interface DemoPerson { email: string; firstName: string; lastName: string; mobile: string }

/** Riders the history adds beside the demo's two (they sign in with the demo password too). */
export const historyRiders: DemoPerson[] = [
  { email: 'maya.chen@example.com', firstName: 'Maya', lastName: 'Chen', mobile: '+15550000101' },
  { email: 'luis.ortega@example.com', firstName: 'Luis', lastName: 'Ortega', mobile: '+15550000102' },
  { email: 'priya.nair@example.com', firstName: 'Priya', lastName: 'Nair', mobile: '+15550000103' },
  { email: 'sam.okafor@example.com', firstName: 'Sam', lastName: 'Okafor', mobile: '+15550000104' },
  { email: 'grace.kim@example.com', firstName: 'Grace', lastName: 'Kim', mobile: '+15550000105' },
  { email: 'tom.becker@example.com', firstName: 'Tom', lastName: 'Becker', mobile: '+15550000106' },
];

/**
 * Drivers the history adds beside the demo's two; `fleet` puts them in the demo fleet, `today` in
 * the crew that drives today with the demo's drivers (the others drive the days before).
 */
export const historyDrivers: (DemoPerson & { carType: string; fleet: boolean; vehicle: [string, string]; today?: boolean })[] = [
  { email: 'hector.ruiz@example.com', firstName: 'Hector', lastName: 'Ruiz', mobile: '+15550000201', carType: 'Economy', fleet: true, vehicle: ['Toyota', 'Corolla'] },
  { email: 'ana.silva@example.com', firstName: 'Ana', lastName: 'Silva', mobile: '+15550000202', carType: 'Comfort', fleet: false, vehicle: ['Tesla', 'Model 3'], today: true },
  { email: 'ken.watanabe@example.com', firstName: 'Ken', lastName: 'Watanabe', mobile: '+15550000203', carType: 'Comfort', fleet: true, vehicle: ['Honda', 'Accord'] },
  { email: 'olu.adeyemi@example.com', firstName: 'Olu', lastName: 'Adeyemi', mobile: '+15550000204', carType: 'Economy', fleet: false, vehicle: ['Hyundai', 'Ioniq'] },
  { email: 'beth.moran@example.com', firstName: 'Beth', lastName: 'Moran', mobile: '+15550000205', carType: 'Van', fleet: false, vehicle: ['Ford', 'Transit Connect'] },
  // A second driver of each car type for the days before: with one, its day off or a shift that had
  // not begun left a third of the requests unserved.
  { email: 'rosa.delgado@example.com', firstName: 'Rosa', lastName: 'Delgado', mobile: '+15550000206', carType: 'Van', fleet: true, vehicle: ['Mercedes', 'Sprinter'] },
  { email: 'ivan.petrov@example.com', firstName: 'Ivan', lastName: 'Petrov', mobile: '+15550000207', carType: 'Comfort', fleet: false, vehicle: ['Volvo', 'S60'] },
  { email: 'mei.lin@example.com', firstName: 'Mei', lastName: 'Lin', mobile: '+15550000208', carType: 'Economy', fleet: true, vehicle: ['Kia', 'Niro'] },
];

/** Who receives the parcels: first names and a street each (delivery mode asks for both). */
export const recipients = ['Alex', 'Jordan', 'Casey', 'Morgan', 'Riley', 'Taylor', 'Jamie', 'Drew', 'Avery', 'Quinn'];
