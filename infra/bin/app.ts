import { buildApp } from './build-app';

// The CLI passes cdk.json and -c context through the environment; nothing else to read here.
buildApp().app.synth();
