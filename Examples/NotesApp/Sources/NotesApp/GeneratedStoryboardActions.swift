import UIKit

// The registrations the `lamina` command writes for an app's `@IBAction` methods: Swift on
// Linux has no Objective-C selectors, so storyboard actions reach these closures by name.
@_cdecl("lamina_register_storyboard_actions")
func laminaRegisterStoryboardActions() {
    MainActor.assumeIsolated {
        StoryboardActions.register(NotesViewController.self, "addNote:") { controller, sender in controller.addNote(sender as Any) }
        StoryboardActions.register(SettingsViewController.self, "done:") { controller, sender in controller.done(sender as Any) }
    }
}
