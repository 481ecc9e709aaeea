import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One element of an Interface Builder document: its name, attributes and children, in order.
final class IBElement: @unchecked Sendable {
    let name: String
    fileprivate(set) var attributes: [String: String]
    fileprivate(set) var children: [IBElement] = []
    /// The character data directly inside it (a `<string key="text">`'s text).
    fileprivate(set) var text = ""
    /// The line it starts on, for messages.
    let line: Int

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    subscript(_ attribute: String) -> String? { attributes[attribute] }

    /// The first child called `name` (with `key` when given).
    func child(_ name: String, key: String? = nil) -> IBElement? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    /// The children called `name`.
    func children(named name: String) -> [IBElement] {
        children.filter { $0.name == name }
    }

    /// The child with `key`, whatever its element name.
    func child(key: String) -> IBElement? {
        children.first { $0["key"] == key }
    }
}

/// Why a storyboard or nib cannot be read.
struct IBDocumentError: Error, CustomStringConvertible {
    let description: String
}

/// An Interface Builder document (`.storyboard` or `.xib` source, the XML Xcode saves): its
/// root element and every element with an `id`, read once with Foundation's XML parser.
final class IBDocument: @unchecked Sendable {
    let url: URL
    let root: IBElement
    /// Elements by their `id`.
    let elements: [String: IBElement]

    /// The newest document format Lamina reads (Xcode writes 3.0 for storyboards and XIBs).
    static let supportedVersion = 3.0

    init(url: URL) throws {
        self.url = url
        guard let data = try? Data(contentsOf: url) else {
            throw IBDocumentError(description: "Could not read \(url.path)")
        }
        let builder = TreeBuilder()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        guard parser.parse(), let root = builder.root, builder.stack.isEmpty else {
            let line = parser.lineNumber
            let reason = parser.parserError.map { ": \($0.localizedDescription)" } ?? ""
            throw IBDocumentError(description: "\(url.lastPathComponent) is not a well-formed Interface Builder document (line \(line))\(reason)")
        }
        guard root.name == "document" else {
            throw IBDocumentError(description: "\(url.lastPathComponent) is not an Interface Builder document (its root is <\(root.name)>)")
        }
        if let version = root["version"].flatMap(Double.init), version > IBDocument.supportedVersion {
            throw IBDocumentError(description: "\(url.lastPathComponent) is saved in document version \(root["version"]!), newer than "
                                  + "the \(IBDocument.supportedVersion) Lamina reads")
        }
        self.root = root
        elements = builder.identified
    }

    /// Applies a storyboard's or nib's strings file: `"<object id>.<property>" = "…";` sets
    /// texts, titles (`normalTitle` and the other states' titles, `segmentTitles[i]`,
    /// `configuration.title`), placeholders and section titles.
    func localize(with strings: [String: String]) {
        for (key, value) in strings {
            guard let dot = key.firstIndex(of: ".") else { continue }
            let id = String(key[..<dot])
            let property = String(key[key.index(after: dot)...])
            guard let element = elements[id] else { continue }
            let states = ["normalTitle": "normal", "highlightedTitle": "highlighted", "selectedTitle": "selected", "disabledTitle": "disabled"]
            if let state = states[property] {
                element.child("state", key: state)?.attributes["title"] = value
            } else if property.hasPrefix("segmentTitles["), let index = Int(property.dropFirst("segmentTitles[".count).dropLast()) {
                let segments = element.child("segments")?.children(named: "segment") ?? []
                if segments.indices.contains(index) { segments[index].attributes["title"] = value }
            } else if property == "configuration.title" {
                element.child("buttonConfiguration", key: "configuration")?.attributes["title"] = value
            } else if property == "text", element.attributes["text"] == nil, let text = element.child("string", key: "text") {
                text.text = value
            } else {
                element.attributes[property] = value
            }
        }
    }

    /// The document's `<resources>`: named system and asset colours as Interface Builder saved
    /// them (used when a name is unknown).
    lazy var resourceColors: [String: IBElement] = {
        var colors: [String: IBElement] = [:]
        for resource in root.child("resources")?.children ?? [] where resource.name == "systemColor" || resource.name == "namedColor" {
            if let name = resource["name"], let color = resource.child("color") { colors[name] = color }
        }
        return colors
    }()

    /// Builds the element tree as the parser reports it (no recursion, so deep documents end).
    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var root: IBElement?
        var stack: [IBElement] = []
        var identified: [String: IBElement] = [:]

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            let element = IBElement(name: elementName, attributes: attributeDict, line: parser.lineNumber)
            if let id = attributeDict["id"] { identified[id] = element }
            if let parent = stack.last {
                parent.children.append(element)
            } else if root == nil {
                root = element
            }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
