#pragma once
/// \file lesson_reader.h
/// The lesson keys of a scene file: `topic` (the catalogue group) and `breakIt` / `fixIt`
/// (what the Lesson panel's buttons set), read and written.
#include "scene/json_check.h"

namespace tumble::scene {

/// Validate `topic`: one of sceneTopics()' ids.
void readTopic(const Json& v, const std::string& path, Checker& check, std::string& out);

/// Validate a `breakIt` / `fixIt` object: {"settings": {...any settings keys...},
/// "bullet": {"bodyName": true}}. Body names are checked later (checkLessonBodies), once
/// generators have expanded.
void readLessonAction(const Json& v, const std::string& path, Checker& check, LessonAction& out);

/// Report bullet entries that name no body of the scene.
void checkLessonBodies(const LessonAction& action, const std::string& path,
                       const std::vector<BodyDef>& bodies, Checker& check);

/// The action as a scene file writes it (the inverse of readLessonAction).
Json lessonActionJson(const LessonAction& action);

} // namespace tumble::scene
