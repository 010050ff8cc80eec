#pragma once
/// \file state_codec.h
/// A WorldState packed into bytes for the recorder's ring buffer: only what the next step
/// reads (the fields a snapshot file writes), raw bits, no names. Unpacking gives a state
/// that World::restoreState turns back into the same world, bit for bit.
#include "tumble/snapshot.h"

#include <cstddef>
#include <span>
#include <vector>

namespace tumble {

/// Replace `out` with the packed `state`.
void packState(const WorldState& state, std::vector<std::byte>& out);
/// The same with the contacts taken straight from the world's cache (World::contacts(),
/// bodies by slot) instead of state.contacts: `ordinalOfSlot` maps a slot to its ordinal.
/// Saves copying every manifold once per recorded step.
void packState(const WorldState& state, std::span<const ContactManifoldInfo> contacts,
               std::span<const uint32_t> ordinalOfSlot, std::vector<std::byte>& out);
/// Unpack; false when the bytes are truncated or malformed.
bool unpackState(std::span<const std::byte> bytes, WorldState& out);
/// One body's pose (centre of mass, orientation) read straight from the packed bytes, without
/// unpacking the rest: bodies come first and have a fixed size, so this costs a copy of 28
/// bytes however many contacts the step holds. False when there is no such body.
bool unpackBodyPose(std::span<const std::byte> bytes, uint32_t ordinal, glm::vec3& position,
                    glm::quat& orientation);

} // namespace tumble
