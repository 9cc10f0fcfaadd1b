// Imported first by the entry points: the SDKs' Node-version and end-of-support banners say
// nothing actionable to someone starting the platform, and drown the start-up steps.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
// Handlers log at WARN here unless asked otherwise; the logger reads this when first imported.
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
export {};
