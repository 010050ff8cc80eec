#pragma once
/// \file lesson_reader.h
/// The lesson keys of a scene file: `topic` (the catalogue group), `lesson` (what to look at
/// and the numbered steps) and `breakIt` / `fixIt` (what the Lesson panel's buttons set),
/// read and written.
#include "scene/json_check.h"

namespace tumble::scene {

/// Validate `topic`: one of sceneTopics()' ids.
void readTopic(const Json& v, const std::string& path, Checker& check, std::string& out);

/// Validate a `breakIt` / `fixIt` object: {"settings": {...any settings keys...},
/// "bullet": {"bodyName": true}}. Body names are checked later (checkLessonBodies), once
/// generators have expanded.
void readLessonAction(const Json& v, const std::string& path, Checker& check, LessonAction& out);

/// Validate a `lesson` object: {"look": "...", "steps": [{"do": "...", "settings": {...},
/// "bullet": {...}, "debugDraw": {"flag": true}, "panel": "Solver", "control": "Warm
/// starting", "restart": false}]}. `look` and each step's `do` are required and not blank.
void readLesson(const Json& v, const std::string& path, Checker& check, Lesson& out);

/// Report bullet entries that name no body of the scene.
void checkLessonBodies(const LessonAction& action, const std::string& path,
                       const std::vector<BodyDef>& bodies, Checker& check);
/// The same for every step of a lesson (`lesson.steps[k].bullet`).
void checkLessonStepBodies(const Lesson& lesson, const std::vector<BodyDef>& bodies, Checker& check);

/// The action as a scene file writes it (the inverse of readLessonAction).
Json lessonActionJson(const LessonAction& action);
/// The lesson as a scene file writes it (the inverse of readLesson).
Json lessonJson(const Lesson& lesson);

} // namespace tumble::scene
