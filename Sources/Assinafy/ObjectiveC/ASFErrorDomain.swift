#if canImport(ObjectiveC)
import APIRuntime
import Foundation

/// The `NSError` domains Swift errors bridge to, for Objective-C callers:
/// `code` is the HTTP status for `api`, 422 for `validation`, the `URLError` code for `network`,
/// -1 for `sdk`; details are in `userInfo` under `responseData`, `errors` and
/// `NSUnderlyingErrorKey`. Cancellation arrives as `NSCocoaErrorDomain` / `NSUserCancelledError`.
/// A login that needs a second factor is an `sdk` error whose `userInfo["context"]["reason"]` is
/// `mfa_required`; its token stays out of `userInfo`.
@objc(ASFErrorDomain)
public final class ASFErrorDomain: NSObject {
    @objc public static let api = APIError.errorDomain
    @objc public static let validation = ValidationError.errorDomain
    @objc public static let network = NetworkError.errorDomain
    @objc public static let sdk = AssinafySDKError.errorDomain

    override private init() {}
}

/// Turns any error the SDK throws into an `NSError` whose `userInfo` holds only Foundation
/// objects, so Objective-C code can read `responseData` as `NSDictionary`/`NSArray`.
enum ASFErrorBridge {
    static func nsError(_ error: any Error) -> NSError {
        if error is CancellationError {
            return NSError(domain: NSCocoaErrorDomain, code: NSUserCancelledError)
        }
        // `as NSError` applies each type's `CustomNSError` domain, code and user info.
        let bridged = error as NSError
        var info = bridged.userInfo
        if let json = info["responseData"] as? JSONValue {
            info["responseData"] = foundationObject(json)
        }
        return NSError(domain: bridged.domain, code: bridged.code, userInfo: info)
    }

    static func foundationObject(_ value: JSONValue) -> Any {
        switch value {
        case .null: return NSNull()
        case .bool(let flag): return NSNumber(value: flag)
        case .integer(let number): return NSNumber(value: number)
        // NSDecimalNumber keeps up to 38 digits exactly; the text itself is the fallback.
        case .bigInteger(let text): return NSDecimalNumber(string: text)
        case .double(let number): return NSNumber(value: number)
        case .string(let text): return text as NSString
        case .array(let items): return items.map(foundationObject) as NSArray
        case .object(let object):
            let dictionary = NSMutableDictionary()
            for member in object { dictionary[member.key] = foundationObject(member.value) }
            return dictionary
        }
    }
}
#endif
