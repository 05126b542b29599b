import CMosquitto
import Foundation

/// libmosquitto's codes in plain words, short enough for the screen's
/// fleet line ("Fleet: 12 queued, broker unreachable").
enum FleetWords {
    static func error(_ code: Int32) -> String {
        switch code {
        case MOSQ_ERR_ERRNO.rawValue:
            let number = errno
            if [ECONNREFUSED, EHOSTUNREACH, ENETUNREACH, ETIMEDOUT].contains(number) {
                return "broker unreachable (\(String(cString: strerror(number))))"
            }
            return "connection failed (\(String(cString: strerror(number))))"
        case MOSQ_ERR_EAI.rawValue: return "broker host not found"
        case MOSQ_ERR_TLS.rawValue, MOSQ_ERR_TLS_HANDSHAKE.rawValue:
            return "TLS failed (is the broker's certificate signed by the CA file?)"
        case MOSQ_ERR_KEEPALIVE.rawValue: return "broker not answering"
        case MOSQ_ERR_CONN_LOST.rawValue, MOSQ_ERR_NO_CONN.rawValue: return "connection lost"
        case MOSQ_ERR_AUTH.rawValue: return "broker refused the username or password"
        default: return String(cString: mosquitto_strerror(code))
        }
    }

    /// MQTT 3.1.1's CONNACK return codes.
    static func refusal(_ code: Int32) -> String {
        switch code {
        case 4, 5: return "broker refused the username or password"
        case 1: return "broker refused MQTT 3.1.1"
        case 2: return "broker refused the client id"
        case 3: return "broker unavailable"
        default: return "broker refused the connection (code \(code))"
        }
    }
}
