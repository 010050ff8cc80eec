#pragma once
/// \file scene_writer.h
/// Writing scene files (writeSnapshot in tumble/scene.h) and the float formatting it uses.

namespace tumble::scene {

/// `f` as the double whose shortest text is f's "%.9g": the JSON writer prints it with at
/// most nine significant digits, and reading that text back as a float gives `f` exactly.
double exactNumber(float f);

} // namespace tumble::scene
