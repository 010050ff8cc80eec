#version 330 core
// Instanced shape meshes: one unit mesh, many bodies, each with its own model matrix.
layout(location = 0) in vec3 aPosition;  // local frame
layout(location = 1) in vec3 aNormal;
layout(location = 2) in mat4 aModel;     // per instance, locations 2..5
layout(location = 6) in vec4 aColor;     // per instance: rgb linear colour, a = pattern strength
layout(location = 7) in vec3 aEdge;      // edge coordinates: 0 on a polygon's outline (mesh.h)

uniform mat4 uViewProj;

out vec3 vWorldPos;
out vec3 vNormal;
out vec3 vLocal;
out vec4 vColor;
out vec3 vEdge;

void main() {
    vec4 world = aModel * vec4(aPosition, 1.0);
    // The model is rotation x per-axis scale (R S). Normals need (R S)^-T = R S^-1, which is
    // (R S) applied to n / s^2: no matrix inverse per vertex.
    mat3 m = mat3(aModel);
    vec3 s2 = vec3(dot(m[0], m[0]), dot(m[1], m[1]), dot(m[2], m[2]));
    vNormal = m * (aNormal / s2);
    vWorldPos = world.xyz;
    vLocal = aPosition;
    vColor = aColor;
    vEdge = aEdge;
    gl_Position = uViewProj * world;
}
