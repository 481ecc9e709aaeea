/// The version of what Lamina's renderer draws: bump it in the change that makes existing
/// drawings come out differently (antialiasing, text rasterization, compositing, the pinned
/// snapshot fonts), so recorded snapshot references say which renderer made them.
package enum RendererVersion {
    package static let current = 1
}
