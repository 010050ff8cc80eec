// The scene catalogue: every scene file of a folder with its name, topic and description.
#include "tumble/scene.h"

#include <algorithm>
#include <filesystem>

namespace tumble {

std::vector<SceneCatalogEntry> listScenes(const std::string& folder) {
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() == ".json" && it->is_regular_file(ec))
            files.push_back(it->path());
    }
    std::sort(files.begin(), files.end(),
              [](const fs::path& a, const fs::path& b) { return a.filename() < b.filename(); });

    std::vector<SceneCatalogEntry> entries;
    for (const fs::path& file : files) {
        SceneCatalogEntry e;
        e.path = file.string();
        SceneLoadResult loaded = loadSceneFile(e.path);
        if (loaded.ok()) {
            e.name = loaded.scene.name;
            // A scene with a lesson but no summary is described by what to look at.
            e.description = loaded.scene.description.empty() ? loaded.scene.lesson.look
                                                             : loaded.scene.description;
            e.topic = loaded.scene.topic;
        } else {
            e.name = file.stem().string();
            e.error = loaded.errors.front().format();
            if (loaded.errors.size() > 1)
                e.error += " (and " + std::to_string(loaded.errors.size() - 1) + " more)";
        }
        entries.push_back(std::move(e));
    }
    // Grouped by topic in the order of sceneTopics(); file order within a topic.
    auto rank = [](const std::string& topic) {
        std::span<const SceneTopic> topics = sceneTopics();
        for (size_t k = 0; k < topics.size(); ++k)
            if (topics[k].id == topic) return k;
        return topics.size();
    };
    std::stable_sort(entries.begin(), entries.end(),
                     [&](const SceneCatalogEntry& a, const SceneCatalogEntry& b) {
                         return rank(a.topic) < rank(b.topic);
                     });
    return entries;
}

} // namespace tumble
