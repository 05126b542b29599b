import CMosquitto
import Foundation
import PlumScaleCore

/// Why a TLS connection failed: a certificate not signed by the CA file, or
/// one signed by it but made out to another name than the host given.
/// libmosquitto says only "TLS failed" for both; a second handshake with the
/// name left unchecked (mosquitto_tls_insecure_set) tells them apart. The
/// probe sends no username, no password and no will, under a client id of
/// its own, and leaves at once: nothing of the station's reaches a broker
/// whose name did not match.
enum TLSProbe {
    /// The longest the probe may take, on the sink's thread.
    static let timeout = 3.0

    /// Set by the probe's CONNACK callback: the handshake got through.
    private final class Outcome: @unchecked Sendable {
        var answered = false
    }

    static func cause(host: String, port: Int, caFile: String) -> String {
        let unsure = FleetWords.error(MOSQ_ERR_TLS.rawValue)
        let outcome = Outcome()
        guard
            let probe = mosquitto_new(
                "plumscale-tls-probe-\(UUID().uuidString.prefix(8))", true, Unmanaged.passUnretained(outcome).toOpaque())
        else { return unsure }
        defer { mosquitto_destroy(probe) }
        guard mosquitto_tls_set(probe, caFile, nil, nil, nil, nil) == MOSQ_ERR_SUCCESS.rawValue,
            mosquitto_tls_insecure_set(probe, true) == MOSQ_ERR_SUCCESS.rawValue
        else { return unsure }
        mosquitto_connect_callback_set(probe) { _, object, _ in
            object.map { Unmanaged<Outcome>.fromOpaque($0).takeUnretainedValue().answered = true }
        }
        let unsigned = "TLS failed: the broker's certificate is not signed by the CA file (\(caFile))"
        var code = mosquitto_connect_async(probe, host, Int32(port), 5)
        let deadline = Date().addingTimeInterval(timeout)
        while code == MOSQ_ERR_SUCCESS.rawValue, Date() < deadline, !outcome.answered {
            code = mosquitto_loop(probe, 100, 1)
        }
        // The handshake fails here as it does without the name's check.
        if code == MOSQ_ERR_TLS.rawValue || code == MOSQ_ERR_TLS_HANDSHAKE.rawValue { return unsigned }
        guard outcome.answered else { return unsure }
        mosquitto_disconnect(probe)
        return "TLS failed: the broker's certificate is signed by the CA file but not made out to \(host)"
    }
}
