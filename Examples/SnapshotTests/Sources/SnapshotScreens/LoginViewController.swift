import UIKit

/// A sign-in form: a title, two fields, a button and a footnote, in a stack view laid out with
/// Auto Layout and Dynamic Type fonts.
public final class LoginViewController: UIViewController {
    public let emailField = UITextField()
    public let passwordField = UITextField()
    public let signInButton = UIButton(type: .system)
    private let titleLabel = UILabel()
    private let footnoteLabel = UILabel()

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        titleLabel.text = "Welcome back"
        titleLabel.font = .preferredFont(forTextStyle: .largeTitle)
        titleLabel.adjustsFontForContentSizeCategory = true
        titleLabel.numberOfLines = 0

        for (field, placeholder) in [(emailField, "Email"), (passwordField, "Password")] {
            field.placeholder = placeholder
            field.borderStyle = .roundedRect
            field.font = .preferredFont(forTextStyle: .body)
            field.adjustsFontForContentSizeCategory = true
        }
        emailField.keyboardType = .emailAddress
        passwordField.isSecureTextEntry = true

        var configuration = UIButton.Configuration.filled()
        configuration.title = "Sign In"
        configuration.cornerStyle = .large
        signInButton.configuration = configuration

        footnoteLabel.text = "By signing in you agree to the terms of service."
        footnoteLabel.font = .preferredFont(forTextStyle: .footnote)
        footnoteLabel.adjustsFontForContentSizeCategory = true
        footnoteLabel.textColor = .secondaryLabel
        footnoteLabel.numberOfLines = 0
        footnoteLabel.textAlignment = .center

        let stack = UIStackView(arrangedSubviews: [titleLabel, emailField, passwordField, signInButton, footnoteLabel])
        stack.axis = .vertical
        stack.spacing = 16
        stack.setCustomSpacing(32, after: titleLabel)
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 40),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            emailField.heightAnchor.constraint(greaterThanOrEqualToConstant: 44),
            passwordField.heightAnchor.constraint(greaterThanOrEqualToConstant: 44),
            signInButton.heightAnchor.constraint(greaterThanOrEqualToConstant: 50),
        ])
    }
}
