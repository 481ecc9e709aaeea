import CoreGraphics
import Foundation

/// Core Foundation's error type, as the font manager reports failures.
///
/// - Note: Differs from Apple: Foundation on Linux has no `CFError`; Lamina names `NSError`,
///   so `error?.takeRetainedValue()` gives the same domain and code.
public typealias CFError = NSError

/// How widely a registered font is available.
public enum CTFontManagerScope: UInt32, Sendable {
    /// Not registered.
    case none = 0
    /// For this process only.
    case process = 1
    /// For the user, across launches.
    ///
    /// - Note: Differs from Apple: Lamina registers every font for the process only, whatever
    ///   the scope; fonts meant for every launch are installed where fontconfig finds them.
    case persistent = 2
    /// For the login session.
    case session = 3

    /// The old name of `persistent`.
    public static var user: CTFontManagerScope { .persistent }
}

/// The font manager's error domain (`kCTFontManagerErrorDomain`).
public let kCTFontManagerErrorDomain: CFString = "com.apple.CoreText.CTFontManagerErrorDomain"

/// The font manager's error codes.
public enum CTFontManagerError: Int, Sendable {
    case fileNotFound = 101
    case insufficientPermissions = 102
    case unrecognizedFormat = 103
    case invalidFontData = 104
    case alreadyRegistered = 105
    case exceededResourceLimit = 106
    case assetNotFound = 107
    case notRegistered = 201
    case inUse = 202
    case systemRequired = 203
    case registrationFailed = 301
    case missingEntitlement = 302
    case insufficientInfo = 303
    case cancelledByUser = 304
    case duplicatedName = 305
    case invalidFilePath = 306
    case unsupportedScope = 307
}

private func fail(_ code: CTFontManagerError, _ url: URL?, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    var info: [String: Any] = [:]
    if let url { info[NSURLErrorKey] = url }
    error?.pointee = Unmanaged.passRetained(NSError(domain: kCTFontManagerErrorDomain, code: code.rawValue, userInfo: info))
    return false
}

/// Makes the fonts in a file available to the process: `UIFont(name:size:)`, `CTFontCreateWithName`
/// and fallback for characters other fonts lack then find them. Returns false, with `error`
/// set, when the file is missing, is not a font, or is registered already.
@discardableResult
public func CTFontManagerRegisterFontsForURL(_ fontURL: CFURL, _ scope: CTFontManagerScope,
                                             _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    guard fontURL.isFileURL, FileManager.default.fileExists(atPath: fontURL.path) else {
        return fail(.fileNotFound, fontURL, error)
    }
    guard scope != .none else { return fail(.unsupportedScope, fontURL, error) }
    let path = fontURL.standardizedFileURL.path
    guard FontFace(path: path) != nil else { return fail(.invalidFontData, fontURL, error) }
    guard FontCatalog.shared.register(path: path) else { return fail(.alreadyRegistered, fontURL, error) }
    return true
}

/// Withdraws fonts registered from a file; false, with `error` set, when they were not registered.
@discardableResult
public func CTFontManagerUnregisterFontsForURL(_ fontURL: CFURL, _ scope: CTFontManagerScope,
                                               _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    guard FontCatalog.shared.unregister(path: fontURL.standardizedFileURL.path) else {
        return fail(.notRegistered, fontURL, error)
    }
    return true
}
