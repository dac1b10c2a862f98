import Foundation
import GeneratorTools

exit(ToolCommands.run(Array(CommandLine.arguments.dropFirst())))
