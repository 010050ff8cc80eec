#pragma once
/// \file feature_names.h
/// A contact point's feature id (ContactPointInfo::featureId) in words: which features of the
/// two bodies touch there, as the narrow phase named them ("A face 2 / B face 5 vertex 3").
/// The debug draw's feature-id labels and the Inspector read it; warm starting keys on the
/// number itself.
#include <cstdint>
#include <string>

namespace tumble {

/// `featureId` decoded: A and B are the manifold's two bodies (A the lower slot).
std::string describeFeature(uint32_t featureId);

class World;
struct ContactManifoldInfo;
struct BodyId;

/// A part of a body in words: "child 2" of a compound, "triangle 17" of a mesh or height
/// field, "" for a body that is one part.
std::string describePart(const World& world, BodyId body, uint32_t part);

/// Point `point` of manifold m in words, led by the parts that touch (ContactManifoldInfo::
/// childA, childB) for the bodies that have several: a compound's child, a mesh's or height
/// field's triangle ("A child 2, B triangle 17: A face 1 / B vertex 3").
std::string describeFeature(const World& world, const ContactManifoldInfo& m, int point);

} // namespace tumble
