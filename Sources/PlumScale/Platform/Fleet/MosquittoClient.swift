import CMosquitto
import Foundation
import PlumScaleCore

/// One libmosquitto client, driven by hand from one thread (the fleet
/// sink's): `connect`, then `loop` or `serve` again and again; what the
/// callbacks report is collected in `events` for the caller to take. Each
/// connection attempt starts from `reset()`, so libmosquitto keeps no
/// message of an earlier connection: the outbox is the only queue.
///
/// MQTT 5 first: its PUBACK says whether the broker took a message (3.1.1's
/// cannot say "refused"), and its CONNECT can bound what the broker sends.
/// A broker that answers "unsupported protocol version" is asked again in
/// 3.1.1 (`fallBack()`), and the sink says so.
final class MosquittoClient {
    enum Event: Equatable {
        /// CONNACK accepted.
        case connected
        /// CONNACK refused: MQTT 5's reason code, or 3.1.1's return code.
        case refused(Int32)
        /// A libmosquitto error code, or (from 128) the reason code of the broker's DISCONNECT.
        case disconnected(Int32)
        /// PUBACK for a QoS 1 message with its reason code (below 128: taken).
        case acknowledged(mid: Int32, reason: Int32)
        /// A message on a topic the client subscribed to.
        case message(topic: String, payload: String)
        /// A message larger than `maxIncomingBytes`, dropped without decoding.
        case dropped(topic: String, bytes: Int)
    }

    private let handle: OpaquePointer
    private let settings: Config.MQTT
    private let password: String?
    /// Why TLS failed, once a probe found it; nil once connected again.
    private var tlsCause: String?
    /// Keepalive, seconds: a broker silent this long is given up.
    static let keepalive: Int32 = 5
    /// MQTT 5: how long the broker holds the last will ("offline") after the
    /// connection dies. A station back within it (a broker pause, a network
    /// blip) leaves no stale "offline" behind; one that stays away is
    /// offline this much later. The session outlives the connection as
    /// long, since the broker sends the will when the session ends.
    static let willDelaySeconds: Int32 = 10
    /// The largest packet the broker may send us (MQTT 5's Maximum Packet
    /// Size in CONNECT): the station subscribes only to Home Assistant's
    /// birth message. A compliant broker drops a larger one for us (and
    /// mosquitto logs it); libmosquitto 2.0 has no limit of its own, so a
    /// larger payload that still arrives (MQTT 3.1.1 cannot ask for the
    /// limit) is dropped in the message callback, and said: libmosquitto
    /// has read it whole by then, so this bounds what the station keeps,
    /// not what one packet may briefly cost.
    static let maxIncomingBytes: Int32 = 16 * 1024
    private(set) var speaksV5 = true
    var events: [Event] = []

    private static let library: Void = { mosquitto_lib_init() }()

    init(settings: Config.MQTT, password: String?) throws(FleetFailure) {
        _ = Self.library
        self.settings = settings
        self.password = password
        guard let handle = mosquitto_new(settings.clientID, true, nil) else {
            throw FleetFailure("libmosquitto: no client (out of memory)")
        }
        self.handle = handle
        try configure()
    }

    deinit { mosquitto_destroy(handle) }

    /// A fresh client (no messages left from before), configured again.
    func reset() throws(FleetFailure) {
        mosquitto_reinitialise(handle, settings.clientID, true, nil)
        events.removeAll()
        try configure()
    }

    /// The broker speaks only MQTT 3.1.1: every later attempt uses it.
    func fallBack() { speaksV5 = false }

    private func configure() throws(FleetFailure) {
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        let version = speaksV5 ? MQTT_PROTOCOL_V5 : MQTT_PROTOCOL_V311
        mosquitto_int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, version)
        mosquitto_int_option(handle, MOSQ_OPT_TCP_NODELAY, 1)
        let will = Array("offline".utf8)
        if speaksV5 {
            var delay: OpaquePointer?
            mosquitto_property_add_int32(&delay, Int32(MQTT_PROP_WILL_DELAY_INTERVAL.rawValue), UInt32(Self.willDelaySeconds))
            let set = mosquitto_will_set_v5(handle, settings.availabilityTopic, Int32(will.count), will, 1, true, delay)
            // The library owns the list once it took it, the caller otherwise.
            if set != MOSQ_ERR_SUCCESS.rawValue { mosquitto_property_free_all(&delay) }
            try check(set, "the last will")
        } else {
            // MQTT 3.1.1 has no will delay: the broker says "offline" at once.
            try check(mosquitto_will_set(handle, settings.availabilityTopic, Int32(will.count), will, 1, true), "the last will")
        }
        if let username = settings.username {
            try check(mosquitto_username_pw_set(handle, username, password), "the username")
        }
        if let ca = settings.caFile {
            try check(mosquitto_tls_set(handle, ca, nil, nil, nil, nil), "TLS with the CA file \(ca)")
        }
        mosquitto_connect_v5_callback_set(handle) { _, object, code, _, _ in
            let client = MosquittoClient.client(object)
            if code == 0 { client?.tlsCause = nil }
            client?.events.append(code == 0 ? .connected : .refused(code))
        }
        mosquitto_disconnect_v5_callback_set(handle) { _, object, code, _ in
            MosquittoClient.client(object)?.events.append(.disconnected(code))
        }
        mosquitto_publish_v5_callback_set(handle) { _, object, mid, reason, _ in
            MosquittoClient.client(object)?.events.append(.acknowledged(mid: mid, reason: reason))
        }
        mosquitto_message_v5_callback_set(handle) { _, object, message, _ in
            guard let message = message?.pointee, let topic = message.topic else { return }
            if message.payloadlen > MosquittoClient.maxIncomingBytes {
                let event = Event.dropped(topic: String(cString: topic), bytes: Int(message.payloadlen))
                MosquittoClient.client(object)?.events.append(event)
                return
            }
            let bytes = message.payload.map { UnsafeRawBufferPointer(start: $0, count: Int(message.payloadlen)) }
            let payload = bytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
            MosquittoClient.client(object)?.events.append(.message(topic: String(cString: topic), payload: payload))
        }
    }

    private static func client(_ object: UnsafeMutableRawPointer?) -> MosquittoClient? {
        object.map { Unmanaged<MosquittoClient>.fromOpaque($0).takeUnretainedValue() }
    }

    private func check(_ code: Int32, _ what: String) throws(FleetFailure) {
        guard code == MOSQ_ERR_SUCCESS.rawValue else { throw FleetFailure("\(what): \(FleetWords.error(code))") }
    }

    /// Starts the TCP (and TLS) connection without waiting for it (the
    /// caller bounds the wait for CONNACK; a broker that drops SYNs cannot
    /// hold the thread for the kernel's 130 s), and queues CONNECT. Only
    /// the name lookup blocks. A libmosquitto error code.
    func connect() -> Int32 {
        if speaksV5 {
            // libmosquitto 2.0 has no asynchronous connect with CONNECT
            // properties, but keeps the properties that
            // mosquitto_connect_bind_v5 was given before it checks the
            // port: given port -1 it stores them and returns at once, and
            // the asynchronous connect then sends them.
            var properties: OpaquePointer?
            mosquitto_property_add_int32(&properties, Int32(MQTT_PROP_MAXIMUM_PACKET_SIZE.rawValue), UInt32(Self.maxIncomingBytes))
            // The will is sent when its delay or the session ends, whichever
            // comes first: the session must last as long as the delay.
            mosquitto_property_add_int32(
                &properties, Int32(MQTT_PROP_SESSION_EXPIRY_INTERVAL.rawValue), UInt32(Self.willDelaySeconds))
            defer { mosquitto_property_free_all(&properties) }
            _ = mosquitto_connect_bind_v5(handle, settings.host, -1, Self.keepalive, nil, properties)
        }
        return mosquitto_connect_async(handle, settings.host, Int32(settings.port), Self.keepalive)
    }

    /// While connecting: libmosquitto's own loop (it drives the TLS
    /// handshake), waiting up to `milliseconds`.
    func loop(milliseconds: Int32) -> Int32 {
        mosquitto_loop(handle, milliseconds, 1)
    }

    /// Once connected: waits until the broker's socket or `wake` is ready,
    /// or `timeout` seconds pass (nothing is polled meanwhile), then reads,
    /// writes and keeps the connection alive. A libmosquitto error code.
    func serve(wake: Int32, timeout: Double) -> Int32 {
        let socket = mosquitto_socket(handle)
        guard socket >= 0 else { return MOSQ_ERR_NO_CONN.rawValue }
        var fds = [
            pollfd(fd: socket, events: Int16(POLLIN) | (mosquitto_want_write(handle) ? Int16(POLLOUT) : 0), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&fds, nfds_t(wake >= 0 ? 2 : 1), Int32(max(0, min(timeout, 60)) * 1000))
        if ready < 0, errno != EINTR { return MOSQ_ERR_ERRNO.rawValue }
        if fds[0].revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 {
            let code = mosquitto_loop_read(handle, 1)
            if code != MOSQ_ERR_SUCCESS.rawValue { return code }
        }
        if mosquitto_want_write(handle) {
            let code = mosquitto_loop_write(handle, 1)
            if code != MOSQ_ERR_SUCCESS.rawValue { return code }
        }
        return mosquitto_loop_misc(handle)
    }

    /// Writes what is queued now (a publish made between two serves).
    func flush() -> Int32 {
        mosquitto_want_write(handle) ? mosquitto_loop_write(handle, 1) : MOSQ_ERR_SUCCESS.rawValue
    }

    /// Queues a message (written at once when the socket takes it); its mid, or the error.
    func publish(_ topic: String, _ payload: String, qos: Int32, retain: Bool) -> Result<Int32, FleetFailure> {
        var mid: Int32 = 0
        let bytes = Array(payload.utf8)
        let code = bytes.withUnsafeBytes { mosquitto_publish(handle, &mid, topic, Int32($0.count), $0.baseAddress, qos, retain) }
        return code == MOSQ_ERR_SUCCESS.rawValue ? .success(mid) : .failure(FleetFailure(FleetWords.error(code)))
    }

    func subscribe(_ topic: String) -> Int32 {
        mosquitto_subscribe(handle, nil, topic, 0)
    }

    func disconnect() { mosquitto_disconnect(handle) }

    /// A libmosquitto error in words; a TLS failure says which of its two
    /// causes it is (TLSProbe), found once and kept until TLS works again.
    func failure(_ code: Int32) -> String {
        guard code == MOSQ_ERR_TLS.rawValue || code == MOSQ_ERR_TLS_HANDSHAKE.rawValue, let ca = settings.caFile else {
            return FleetWords.error(code)
        }
        if let tlsCause { return tlsCause }
        let cause = TLSProbe.cause(host: settings.host, port: settings.port, caFile: ca)
        tlsCause = cause
        return cause
    }

    /// Whether libmosquitto would take `topic` for a publish: the checks
    /// mosquitto_publish itself makes (no wildcard, at most 65,535 bytes,
    /// MQTT's UTF-8).
    static func topicProblem(_ topic: String) -> String? {
        mosquitto_pub_topic_check(topic) == MOSQ_ERR_SUCCESS.rawValue && isValidUTF8(topic)
            ? nil : "libmosquitto refuses the topic \(JSONValue.quote(topic))"
    }

    /// Whether libmosquitto takes `text` as an MQTT string (a username):
    /// mosquitto_validate_utf8 and the length mosquitto_username_pw_set allows.
    static func isValidUTF8(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 65535 else { return bytes.isEmpty }
        return bytes.withUnsafeBytes { mosquitto_validate_utf8($0.baseAddress, Int32($0.count)) } == MOSQ_ERR_SUCCESS.rawValue
    }
}

/// Something the fleet sink could not do, in words for the screen.
struct FleetFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
