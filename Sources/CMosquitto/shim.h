#ifndef PLUMSCALE_CMOSQUITTO_SHIM_H
#define PLUMSCALE_CMOSQUITTO_SHIM_H
/* libmosquitto: the fleet's MQTT client (QoS 1 publishes, last will, TLS). */
#include <mosquitto.h>
/* MQTT 5 property identifiers and reason codes. */
#include <mqtt_protocol.h>
#endif
