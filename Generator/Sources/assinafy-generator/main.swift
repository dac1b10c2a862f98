import Foundation
import GeneratorCore

exit(GeneratorCommand.run(Array(CommandLine.arguments.dropFirst())))
