import GraphQLCache

extension KeyMap {
    /// Rebinds commands from a JSON object of command name to key names, e.g.
    /// `{"moveDown": ["j", "Down", "C-n"], "quit": "x"}`: each command named loses its stock keys
    /// and gets those given (a key taken from another command leaves that command); commands not
    /// named keep theirs. Help is generated from the result, so it shows the user's keys.
    /// Unknown commands, unknown key names, one key given to two commands, and a command left
    /// with no key at all (its keys given to others) are errors.
    package static func load(json text: String, source: String, over base: KeyMap = .default) throws(ExplorerError) -> KeyMap {
        let object: JSONObject
        do {
            guard case .object(let parsed) = try JSONValue.parse(text) else {
                throw ExplorerError.keyMap(source: source, message: "expected a JSON object of command to keys")
            }
            object = parsed
        } catch let error as ExplorerError {
            throw error
        } catch {
            throw ExplorerError.keyMap(source: source, message: "not JSON: \(error)")
        }
        var map = base
        var claimed: [Key: Command] = [:]
        for (name, value) in object {
            guard let command = Command(rawValue: name) else {
                let known = Command.allCases.map(\.rawValue).joined(separator: ", ")
                throw ExplorerError.keyMap(source: source, message: "unknown command \"\(name)\" (commands: \(known))")
            }
            let keys = try keyNames(value, command: name, source: source)
            map.unbindAll(command)
            for keyName in keys {
                guard let key = Key(name: keyName) else {
                    throw ExplorerError.keyMap(source: source, message: "command \"\(name)\": unknown key \"\(keyName)\" (e.g. j, G, Enter, Down, PgDn, C-f, F1)")
                }
                if let other = claimed[key], other != command {
                    throw ExplorerError.keyMap(source: source, message: "key \"\(keyName)\" is given to both \"\(other.rawValue)\" and \"\(name)\"")
                }
                claimed[key] = command
                map.bind(key, to: command)
            }
        }
        try map.requireEveryCommandBound(base: base, claimed: claimed, source: source)
        return map
    }

    /// Fails naming the first command left without a key, and who took its keys.
    private func requireEveryCommandBound(base: KeyMap, claimed: [Key: Command], source: String) throws(ExplorerError) {
        for command in Command.allCases where !bindings.contains(where: { $0.command == command }) {
            let taken = base.bindings.filter { $0.command == command }.compactMap { binding in
                claimed[binding.key].map { "\"\(binding.key)\" now runs \"\($0.rawValue)\"" }
            }
            let why = taken.isEmpty ? "" : " (" + taken.joined(separator: ", ") + ")"
            throw ExplorerError.keyMap(source: source, message: "command \"\(command.rawValue)\" is left without a key\(why); give it one")
        }
    }

    /// A key name or a list of key names, as the file may give either.
    private static func keyNames(_ value: JSONValue, command: String, source: String) throws(ExplorerError) -> [String] {
        switch value {
        case .string(let name): return [name]
        case .array(let items):
            var names: [String] = []
            for item in items {
                guard case .string(let name) = item else {
                    throw ExplorerError.keyMap(source: source, message: "command \"\(command)\": key names must be strings, found \(item.kindName)")
                }
                names.append(name)
            }
            return names
        default:
            throw ExplorerError.keyMap(source: source, message: "command \"\(command)\": expected a key name or a list of them, found \(value.kindName)")
        }
    }
}
