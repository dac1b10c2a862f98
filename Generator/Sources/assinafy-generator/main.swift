import GeneratorCore
print("assinafy-generator")
