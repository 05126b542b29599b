import CMosquitto
import Foundation
import PlumScaleCore

/// One libmosquitto client, driven by hand from one thread (the fleet
/// sink's): `connect`, then `loop` again and again; what the callbacks
/// report is collected in `events` for the caller to take. Each
/// connection attempt starts from `reset()`, so libmosquitto keeps no
/// message of an earlier connection: the outbox is the only queue.
final class MosquittoClient {
    enum Event: Equatable {
        /// CONNACK accepted.
        case connected
        /// CONNACK refused, with MQTT's return code (4: bad username or password, 5: not authorised).
        case refused(Int32)
        case disconnected(Int32)
        /// PUBACK for a QoS 1 message (QoS 0: once written).
        case acknowledged(Int32)
    }

    private let handle: OpaquePointer
    private let settings: Config.MQTT
    private let password: String?
    private let clientID: String
    /// Keepalive, seconds: a broker silent this long is given up.
    static let keepalive: Int32 = 5
    var events: [Event] = []

    private static let library: Void = { mosquitto_lib_init() }()

    init(settings: Config.MQTT, password: String?) throws(FleetFailure) {
        _ = Self.library
        self.settings = settings
        self.password = password
        clientID = "plumscale-\(settings.station)-\(getpid())"
        guard let handle = mosquitto_new(clientID, true, nil) else { throw FleetFailure("libmosquitto: no client (out of memory)") }
        self.handle = handle
        try configure()
    }

    deinit { mosquitto_destroy(handle) }

    /// A fresh client (no messages left from before), configured again.
    func reset() throws(FleetFailure) {
        mosquitto_reinitialise(handle, clientID, true, nil)
        events.removeAll()
        try configure()
    }

    private func configure() throws(FleetFailure) {
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311)
        let will = Array("offline".utf8)
        try check(mosquitto_will_set(handle, settings.availabilityTopic, Int32(will.count), will, 1, true), "the last will")
        if let username = settings.username {
            try check(mosquitto_username_pw_set(handle, username, password), "the username")
        }
        if let ca = settings.caFile {
            try check(mosquitto_tls_set(handle, ca, nil, nil, nil, nil), "TLS with the CA file \(ca)")
        }
        mosquitto_connect_callback_set(handle) { _, object, code in
            MosquittoClient.client(object)?.events.append(code == 0 ? .connected : .refused(code))
        }
        mosquitto_disconnect_callback_set(handle) { _, object, code in
            MosquittoClient.client(object)?.events.append(.disconnected(code))
        }
        mosquitto_publish_callback_set(handle) { _, object, mid in
            MosquittoClient.client(object)?.events.append(.acknowledged(mid))
        }
    }

    private static func client(_ object: UnsafeMutableRawPointer?) -> MosquittoClient? {
        object.map { Unmanaged<MosquittoClient>.fromOpaque($0).takeUnretainedValue() }
    }

    private func check(_ code: Int32, _ what: String) throws(FleetFailure) {
        guard code == MOSQ_ERR_SUCCESS.rawValue else { throw FleetFailure("\(what): \(FleetWords.error(code))") }
    }

    /// Opens the TCP (and TLS) connection and sends CONNECT; the CONNACK
    /// comes through `loop`. A libmosquitto error code.
    func connect() -> Int32 {
        mosquitto_connect(handle, settings.host, Int32(settings.port), Self.keepalive)
    }

    /// Reads and writes what is pending, waiting up to `milliseconds`.
    func loop(milliseconds: Int32) -> Int32 {
        mosquitto_loop(handle, milliseconds, 1)
    }

    /// Queues a message (written at once when the socket takes it); its mid, or the error.
    func publish(_ topic: String, _ payload: String, qos: Int32, retain: Bool) -> Result<Int32, FleetFailure> {
        var mid: Int32 = 0
        let bytes = Array(payload.utf8)
        let code = bytes.withUnsafeBytes { mosquitto_publish(handle, &mid, topic, Int32($0.count), $0.baseAddress, qos, retain) }
        return code == MOSQ_ERR_SUCCESS.rawValue ? .success(mid) : .failure(FleetFailure(FleetWords.error(code)))
    }

    func disconnect() { mosquitto_disconnect(handle) }
}

/// Something the fleet sink could not do, in words for the screen.
struct FleetFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
