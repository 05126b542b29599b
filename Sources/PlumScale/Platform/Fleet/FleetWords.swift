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
            return "TLS failed (is the broker's certificate signed by the CA file, and made out to the host name given?)"
        case MOSQ_ERR_KEEPALIVE.rawValue: return "broker not answering"
        case MOSQ_ERR_CONN_LOST.rawValue, MOSQ_ERR_NO_CONN.rawValue: return "connection lost"
        case MOSQ_ERR_AUTH.rawValue: return "broker refused the username or password"
        default: return String(cString: mosquitto_strerror(code))
        }
    }

    /// A refused CONNACK: MQTT 5's reason codes (from 128) or 3.1.1's
    /// return codes. `anonymous`: the station sent no username.
    static func refusal(_ code: Int32, anonymous: Bool) -> String {
        if anonymous, [4, 5, 134, 135].contains(code) { return "broker refuses anonymous stations (set mqtt.username)" }
        switch code {
        case 134: return "broker refused the username or password"
        // mosquitto answers a wrong password with "not authorised".
        case 135: return "broker refused the username or password (not authorised)"
        case 133: return "broker refused the client id"
        case 132: return "broker refused the MQTT version"
        case 136, 137: return "broker unavailable"
        case 138: return "broker has banned this station"
        case 149: return "broker refused the connection: packet too large"
        case 128...: return "broker refused the connection (reason \(code))"
        case 4, 5: return "broker refused the username or password"
        case 1: return "broker refused MQTT 3.1.1"
        case 2: return "broker refused the client id"
        case 3: return "broker unavailable"
        default: return "broker refused the connection (code \(code))"
        }
    }

    /// A PUBACK's reason code from 128: why the broker would not take a message.
    static func publishRefusal(_ code: Int32) -> String {
        switch code {
        case 135: return "not authorised"
        case 144: return "topic name invalid"
        case 149: return "packet too large"
        case 151: return "quota exceeded"
        case 153: return "payload format invalid"
        case 131: return "implementation specific error"
        default: return "reason code \(code)"
        }
    }

    /// The broker's DISCONNECT reason codes that need words of their own.
    static func disconnection(_ code: Int32, station: String) -> String {
        switch code {
        case 142: return "another station connected with station id \(station) (two stations share it?)"
        case 135: return "broker disconnected: not authorised"
        case 149: return "broker disconnected: packet too large"
        case 139: return "broker shutting down"
        case 141: return "broker not answering"
        case 128...: return "broker disconnected (reason \(code))"
        default: return error(code)
        }
    }
}
