/** RabbitMQ (or any external broker) when MQTT_URL is set: the integration suite runs against it. */
export const externalMqttUrl: string | undefined = process.env.MQTT_URL || undefined
export const externalUser = process.env.MQTT_USERNAME || 'guest'
export const externalPassword = process.env.MQTT_PASSWORD || 'guest'
/**
 * Port of the broker-auth endpoints RabbitMQ's HTTP auth backend was pointed at (.ci/rabbitmq.sh):
 * set, the external broker enforces the emulator's broker policy and phones sign in with their own
 * jarvisLogin credentials; unset, it knows only its guest user.
 */
export const externalAuthPort: number | undefined = Number(process.env.BROKER_AUTH_PORT) || undefined
