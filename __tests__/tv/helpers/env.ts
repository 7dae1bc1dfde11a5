/** RabbitMQ (or any external broker) when MQTT_URL is set: the integration suite runs against it. */
export const externalMqttUrl: string | undefined = process.env.MQTT_URL || undefined
export const externalUser = process.env.MQTT_USERNAME || 'guest'
export const externalPassword = process.env.MQTT_PASSWORD || 'guest'
